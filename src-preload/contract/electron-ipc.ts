// The only two IPC messages between the preload and Electron's main process: the preload asks for a bridge
// port, main answers with a MessagePort connected to the core. Everything else travels over that port. PURE.

/** preload -> main (ipcRenderer.send): "give this page a port to the core". Main checks the sender first. */
export const IPC_BRIDGE_CONNECT = 'switchboard:bridge-connect'
/** main -> preload (webContents.postMessage with one transferred MessagePort). */
export const IPC_BRIDGE_PORT = 'switchboard:bridge-port'
/** main -> preload: the core is gone (crash or restart); a new port follows when it is back. */
export const IPC_BRIDGE_DOWN = 'switchboard:bridge-down'
