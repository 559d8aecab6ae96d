// The pure rules behind the Electron hardening (security.ts applies them): our origins, which URLs may leave
// the app, the renderer's CSP, and which file an app:// URL may read. Kept free of `electron` to be unit-tested.
import { normalize, relative, sep } from 'node:path'
import { rendererCsp } from '../core/domain/renderer-csp.js'

export const APP_SCHEME = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://switchboard`

/** The renderer's one CSP (core/domain/renderer-csp.ts, also the headless /ui/'s) without a WebSocket: the port carries the bridge. */
export const RENDERER_CSP = rendererCsp()

/**
 * The origin of a URL, or undefined for opaque ones (file:, data:, garbage). Node's URL (which Electron's main
 * process uses) gives non-special schemes the opaque origin "null", although Chromium treats our privileged
 * app:// as standard: its origin is built by hand, or our own page would never count as ours.
 */
export const originOf = (url: string): string | undefined => {
  try {
    const u = new URL(url)
    if (u.protocol === `${APP_SCHEME}:`) return u.host ? `${u.protocol}//${u.host}` : undefined
    return u.origin === 'null' ? undefined : u.origin
  } catch {
    return undefined
  }
}

/** The origins our window may show: the app:// build, or the dev server in `electron-vite dev`. */
export function allowedOrigins(devServerUrl: string | undefined): Set<string> {
  const origins = new Set([APP_ORIGIN])
  const dev = devServerUrl ? originOf(devServerUrl) : undefined
  if (dev) origins.add(dev)
  return origins
}

/** Only absolute http(s) URLs may be handed to the user's browser (never file:, javascript:, custom schemes). */
export function externalUrl(url: string): string | undefined {
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : undefined
  } catch {
    return undefined
  }
}

/** The file an app://switchboard/<path> request may read, or undefined (other hosts, escapes from the build). */
export function rendererFile(rendererDir: string, requestUrl: string): string | undefined {
  const url = new URL(requestUrl)
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== 'switchboard') return undefined
  let path: string
  try {
    path = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)
  } catch {
    return undefined
  }
  const file = normalize(`${rendererDir}${sep}${path}`)
  const inside = relative(rendererDir, file)
  return inside && !inside.startsWith('..') && !inside.startsWith(sep) ? file : undefined
}
