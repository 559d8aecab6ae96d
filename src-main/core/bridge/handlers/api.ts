// api.* and app.*: what the API view and the shell need (base URL, docs, the default token on request).
import { BRIDGE_ERROR_CODES } from '../../../../src-preload/contract/envelope.js'
import { BridgeError } from '../errors.js'
import type { BridgeServices } from '../services.js'
import { accountOf } from './context.js'
import type { HandlersOf } from './types.js'

export function appHandlers(s: BridgeServices): HandlersOf<'app'> {
  return {
    'app.info': () => ({ version: s.version ?? '0.0.0', network: s.network, apiUrl: s.apiUrl(), plan: accountOf(s).plan })
  }
}

export function apiHandlers(s: BridgeServices): HandlersOf<'api'> {
  return {
    'api.info': () => ({ baseUrl: s.apiUrl(), docsUrl: `${s.apiUrl()}/docs`, tokenAvailable: s.revealToken() !== undefined }),
    'api.revealToken': () => {
      const token = s.revealToken()
      if (!token) throw new BridgeError(BRIDGE_ERROR_CODES.notAvailable, 'The access token is not stored on this computer', { recommendation: 'Rotate the token to get a new one' })
      return { token }
    },
    'api.rotateToken': () => ({ token: s.rotateToken() })
  }
}
