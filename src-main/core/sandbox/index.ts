// Public surface of the sandbox network module.
export { SandboxNetwork, type SandboxNetworkOptions, type SandboxPhone, type SandboxDeviceInfo, type LinkResult, type PersonMessage } from './sandbox-network.js'
export { trustSandboxRoot, makeSocketTrust, mediaOriginRewrite, assertLoopback, type SocketTrust } from './client-trust.js'
export type { SandboxError } from './errors.js'
export { sandboxAdminRoutes, type SandboxAdminOptions } from './admin/admin-routes.js'
export { sandboxClientConfig } from './client-config.js'
