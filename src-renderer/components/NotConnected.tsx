// The page of a browser tab without a working UI credential: why (no link, a link already used or expired, one
// Switchboard does not know, or a tab whose Switchboard restarted), a field to paste a new one-time link (checked,
// then this tab connects with it), and how to get one: `npm run ui-link`, or POST /ui/link with the access token.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { t } from '../i18n/index.js'
import type { BridgeRefusal } from '../../src-preload/contract/protocol.js'
import { UI_LINK_PATH } from '../../src-preload/contract/protocol.js'

/** A pasted UI link: an http(s) URL of a Switchboard UI (/ui/) with a token in its fragment; else why not. */
export function checkUiLink(text: string, base: string): { url: URL; token: string } | { problem: string } {
  const trimmed = text.trim()
  if (!trimmed) return { problem: t('link.pasteWhole') }
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return { problem: t('link.notALink', { example: `${base}/ui/#token=…` }) }
  }
  const token = /(?:^#|&)token=([A-Za-z0-9_-]+)$/.exec(url.hash)?.[1]
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !/^\/ui\/?$/.test(url.pathname)) {
    return { problem: t('link.notUiLink', { example: `${base}/ui/#token=…` }) }
  }
  if (!token) return { problem: t('link.noToken') }
  return { url, token }
}

function PasteLink({ origin }: { origin: string }) {
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const { t: tr } = useTranslation()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const checked = checkUiLink(text, origin)
    if ('problem' in checked) {
      setProblem(checked.problem)
      return
    }
    setProblem(null)
    setStatus(tr('link.connecting'))
    // The same Switchboard: the token goes into this tab's fragment (boot connects on hashchange, and the token
    // leaves the address bar at once). Another address (another port, another computer) is opened instead.
    if (checked.url.origin === origin) location.hash = `#token=${checked.token}`
    else location.assign(checked.url.href)
  }
  return (
    <form className="paste-link" onSubmit={submit} aria-label={tr('link.form')}>
      <label htmlFor="paste-ui-link">{tr('link.paste')}</label>
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
          {tr('link.connect')}
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
  const { t: tr } = useTranslation()
  return (
    <main className="not-connected" data-testid="not-connected" data-reason={reason}>
      <h1>Switchboard</h1>
      <p role="alert">{wasConnected && reason === 'ui_token_invalid' ? tr('link.restarted') : tr(`link.why.${reason}`)}</p>
      <PasteLink origin={origin} />
      <h2>{tr('link.getOne')}</h2>
      <ul>
        <li>
          {tr('link.runIn')} <pre className="mono">npm run ui-link</pre>
          {tr('link.runPrints')} <code>-- --data-dir &lt;folder&gt;</code> {tr('link.runDataDir')}
        </li>
        <li>
          {tr('link.printsAtStart')} <code>{origin}/ui/#token=…</code>
          {tr('link.printsOnce')}
        </li>
        <li>
          {tr('link.askApi')} <code>url</code> {tr('link.askApiAnswer')}
          <pre className="mono">curl -s -X POST -H "access-token: $SWITCHBOARD_TOKEN" {origin}{UI_LINK_PATH}</pre>
        </li>
        <li>{tr('link.desktop')}</li>
      </ul>
    </main>
  )
}
