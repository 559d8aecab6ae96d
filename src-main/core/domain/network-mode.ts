// Which network the core runs on: the real WhatsApp network, or the simulated one on 127.0.0.1 (sandbox/).
// Chosen once at start (--network); the composition root hands it to the parts that differ by it.
export type NetworkMode = 'whatsapp' | 'sandbox'
