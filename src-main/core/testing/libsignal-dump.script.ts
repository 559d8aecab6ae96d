// Child process of engine/baileys/libsignal-console.test.ts: starts a real core (the composition root installs the
// console filter), then makes libsignal (the copy Baileys loads) close a session holding a private key, which it
// announces with console.info("Closing session:", session). argv: <data dir> <private key hex>
import { createRequire } from 'node:module'
import { startCore } from '../start-core.js'

interface SessionEntryLike {
  indexInfo: { closed: number; baseKey: Buffer }
  currentRatchet: { ephemeralKeyPair: { pubKey: Buffer; privKey: Buffer }; rootKey: Buffer }
}
interface SessionRecordLike {
  closeSession(entry: SessionEntryLike): void
}
interface Libsignal {
  SessionRecord: { new (): SessionRecordLike; createEntry(): SessionEntryLike }
}

const [dataDir, privateKeyHex] = process.argv.slice(2)
const core = await startCore({ dataDir: dataDir!, port: 0, engine: { socketConfig: { waWebSocketUrl: 'ws://127.0.0.1:9/ws/chat' } } })
const baileysRequire = createRequire(createRequire(import.meta.url).resolve('@whiskeysockets/baileys'))
const { SessionRecord } = baileysRequire('libsignal') as Libsignal
const entry = SessionRecord.createEntry()
entry.indexInfo = { closed: -1, baseKey: Buffer.alloc(33, 5) }
entry.currentRatchet = { ephemeralKeyPair: { pubKey: Buffer.alloc(33, 5), privKey: Buffer.from(privateKeyHex!, 'hex') }, rootKey: Buffer.from(privateKeyHex!, 'hex') }
new SessionRecord().closeSession(entry)
console.info('an ordinary console line still prints')
await core.close()
process.stdout.write('DONE\n')
process.exit(0)
