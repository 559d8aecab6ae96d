// The bridge contract: channels, DTOs, push events, the result envelope and the wire protocol. PURE.
export * from './channels.js'
export * from './client.js'
export * from './dto.js'
export * from './campaigns-dto.js'
export * from './envelope.js'
export * from './events.js'
export * from './protocol.js'
export * from './electron-ipc.js'
