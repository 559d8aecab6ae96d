// The page of a browser tab without a working UI credential: why (no link, a link already used or expired, one
// Switchboard does not know, or a tab whose Switchboard restarted) and how to get a new one-time link. Pasting a
// new link into this tab connects it.
import type { BridgeRefusal } from '../../src-preload/contract/protocol.js'
import { UI_LINK_PATH } from '../../src-preload/contract/protocol.js'

const WHY: Record<BridgeRefusal, string> = {
  ui_token_missing: 'This page is not connected to Switchboard.',
  ui_link_used:
    'This link was already used. A Switchboard UI link opens the UI in one browser tab only; that tab keeps working (reloads included), so another tab or browser needs a new link.',
  ui_link_expired: 'This link has expired: links asked for with the access token are valid for 15 minutes.',
  ui_token_invalid: 'Switchboard does not know this link: it was mistyped, or Switchboard was restarted since (links and the tabs they opened last one run).'
}

/** A tab that was working and lost its session: the core behind it restarted (sessions last one run). */
const RESTARTED = 'Switchboard was restarted, and this tab’s session ended with it (sessions last one run). Open the new link Switchboard printed when it started again, here or in a new tab.'

export function NotConnected({ reason = 'ui_token_missing', wasConnected = false }: { reason?: BridgeRefusal; wasConnected?: boolean }) {
  const origin = typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1:3000'
  return (
    <main className="not-connected" data-testid="not-connected" data-reason={reason}>
      <h1>Switchboard</h1>
      <p role="alert">{wasConnected && reason === 'ui_token_invalid' ? RESTARTED : WHY[reason]}</p>
      <h2>Get a link</h2>
      <ul>
        <li>
          Switchboard prints one when it starts (it looks like <code>{origin}/ui/#token=…</code>); each link works once.
        </li>
        <li>
          Ask for a new one with the API access token, then open the <code>url</code> it answers (pasting it into this tab works):
          <pre className="mono">curl -s -X POST -H "access-token: $SWITCHBOARD_TOKEN" {origin}{UI_LINK_PATH}</pre>
        </li>
        <li>The desktop app’s window needs no link.</li>
      </ul>
    </main>
  )
}
