// api.* and app.*: what the API view and the shell need (base URL, docs, the default token on request).
import { BRIDGE_ERROR_CODES } from '../../../../src-preload/contract/envelope.js'
import { isLoopbackHost } from '../../domain/host-policy.js'
import { BridgeError } from '../errors.js'
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

/** The name Docker gives the host machine inside containers. */
const DOCKER_HOST = 'host.docker.internal'

export function appHandlers(c: BridgeContext): HandlersOf<'app'> {
  return {
    'app.info': () => ({ version: c.config.version, network: c.config.network, apiUrl: c.config.apiUrl(), plan: c.account().plan })
  }
}

export function apiHandlers({ config }: BridgeContext): HandlersOf<'api'> {
  return {
    'api.info': () => ({
      baseUrl: config.apiUrl(),
      docsUrl: `${config.apiUrl()}/docs`,
      tokenAvailable: config.revealToken() !== undefined,
      docker: {
        baseUrl: `http://${DOCKER_HOST}:${new URL(config.apiUrl()).port}`,
        allowed: config.apiAccess.allowHosts.includes(DOCKER_HOST),
        loopbackOnly: isLoopbackHost(config.apiAccess.host)
      }
    }),
    'api.revealToken': () => {
      const token = config.revealToken()
      if (!token) throw new BridgeError(BRIDGE_ERROR_CODES.notAvailable, 'The access token is not stored on this computer', { recommendation: 'Rotate the token to get a new one' })
      return { token }
    },
    'api.rotateToken': () => ({ token: config.rotateToken() })
  }
}
