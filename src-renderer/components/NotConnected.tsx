// The page of a browser tab without a working UI credential: why (no link, a link already used or expired, one
// Switchboard does not know, or a tab whose Switchboard restarted), a field to paste a new one-time link (checked,
// then this tab connects with it), and how to get one: `npm run ui-link`, or POST /ui/link with the access token.
import { useState, type FormEvent } from 'react'
import type { BridgeRefusal } from '../../src-preload/contract/protocol.js'
import { UI_LINK_PATH } from '../../src-preload/contract/protocol.js'

const WHY: Record<BridgeRefusal, string> = {
  ui_token_missing: 'This page is not connected to Switchboard.',
  ui_link_used:
    'This link was already used. A Switchboard UI link opens the UI in one browser tab only; that tab keeps working (reloads included), so another tab or browser needs a new link.',
  ui_link_expired: 'This link has expired: links asked for with the access token are valid for 15 minutes.',
  ui_token_invalid: 'Switchboard does not know this link or browser: the link was mistyped, or this browser was signed out in Settings.',
  ui_device_signed_out: 'This browser was signed out of Switchboard (Settings, Browsers). Open a new link to let it in again.'
}

/** A tab that was working and lost its credential: this browser was signed out (browsers stay let in across restarts). */
const RESTARTED = 'Switchboard no longer knows this browser: it was signed out in Settings, or Switchboard’s data folder changed. Open a new link (npm run ui-link), here or in a new tab.'

/** A pasted UI link: an http(s) URL of a Switchboard UI (/ui/) with a token in its fragment; else why not. */
export function checkUiLink(text: string, base: string): { url: URL; token: string } | { problem: string } {
  const trimmed = text.trim()
  if (!trimmed) return { problem: 'Paste the whole link, starting with http.' }
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return { problem: `That is not a link. A Switchboard UI link looks like ${base}/ui/#token=…` }
  }
  const token = /(?:^#|&)token=([A-Za-z0-9_-]+)$/.exec(url.hash)?.[1]
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !/^\/ui\/?$/.test(url.pathname)) {
    return { problem: `That is not a Switchboard UI link: it should look like ${base}/ui/#token=…` }
  }
  if (!token) return { problem: 'This link has no token at its end (#token=…): copy the whole link.' }
  return { url, token }
}

function PasteLink({ origin }: { origin: string }) {
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const checked = checkUiLink(text, origin)
    if ('problem' in checked) {
      setProblem(checked.problem)
      return
    }
    setProblem(null)
    setStatus('Connecting…')
    // The same Switchboard: the token goes into this tab's fragment (boot connects on hashchange, and the token
    // leaves the address bar at once). Another address (another port, another computer) is opened instead.
    if (checked.url.origin === origin) location.hash = `#token=${checked.token}`
    else location.assign(checked.url.href)
  }
  return (
    <form className="paste-link" onSubmit={submit} aria-label="Connect with a link">
      <label htmlFor="paste-ui-link">Paste a new link</label>
      <div className="row">
        <input
          id="paste-ui-link"
          type="url"
          value={text}
          autoComplete="off"
          spellCheck={false}
          placeholder={`${origin}/ui/#token=…`}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'paste-ui-link-problem' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="primary">
          Connect
        </button>
      </div>
      {problem ? (
        <p id="paste-ui-link-problem" className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="small" role="status" aria-live="polite">
        {status}
      </p>
    </form>
  )
}

export function NotConnected({ reason = 'ui_token_missing', wasConnected = false }: { reason?: BridgeRefusal; wasConnected?: boolean }) {
  const origin = typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1:3000'
  return (
    <main className="not-connected" data-testid="not-connected" data-reason={reason}>
      <h1>Switchboard</h1>
      <p role="alert">{wasConnected && reason === 'ui_token_invalid' ? RESTARTED : WHY[reason]}</p>
      <PasteLink origin={origin} />
      <h2>Get a link</h2>
      <ul>
        <li>
          In the Switchboard folder, run <pre className="mono">npm run ui-link</pre>
          It prints a new link (no token needed: it asks the running Switchboard through its data folder). Add{' '}
          <code>-- --data-dir &lt;folder&gt;</code> if Switchboard runs with another data folder.
        </li>
        <li>
          Switchboard prints one when it starts (it looks like <code>{origin}/ui/#token=…</code>); each link works once, in one tab.
        </li>
        <li>
          Or ask with the API access token, then open the <code>url</code> it answers:
          <pre className="mono">curl -s -X POST -H "access-token: $SWITCHBOARD_TOKEN" {origin}{UI_LINK_PATH}</pre>
        </li>
        <li>The desktop app’s window needs no link.</li>
      </ul>
    </main>
  )
}
