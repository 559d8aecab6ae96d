// One call for an engine in sandbox mode: trust the sandbox root in this process and get the socket options.
import type { SandboxNetwork } from './sandbox-network.js'
import { trustSandboxRoot, type SocketTrust } from './client-trust.js'

export function sandboxClientConfig(network: SandboxNetwork): SocketTrust {
  trustSandboxRoot(network.rootPublicKey, network.wsUrl)
  return network.socketTrust()
}
