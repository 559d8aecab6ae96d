// The one Content-Security-Policy of the renderer, wherever it is served: the headless /ui/ (bridge/ui-routes.ts,
// which adds its WebSocket) and the desktop's app:// pages (electron/policy.ts; the dev server adds Vite's). PURE.

/** No remote content, no inline script or style, no framing; `socket` (ws://host:port) is the only extra connection. */
export function rendererCsp(socket?: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    // Media of messages arrives over the bridge as data: URLs (players and previews); nothing remote.
    "media-src data:",
    "font-src 'self'",
    `connect-src 'self'${socket ? ` ${socket}` : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'"
  ].join('; ')
}
