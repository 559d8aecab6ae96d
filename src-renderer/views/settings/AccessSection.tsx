// Who can reach the API: the extra Host names it accepts (live), and the bind address and port (at the next start,
// said honestly). Binding off loopback shows what that exposes, in the core's own words, before it is saved.
import { useEffect, useState, type FormEvent } from 'react'
import type { AppSettingsDto } from '../../../src-preload/contract/dto.js'
import { useSettingsStore } from '../../stores/settings-store.js'
import { NextStartNote, PinnedNote, SectionOutcome } from './SettingNotes.js'

/** As the core's isLoopbackHost: 127.0.0.0/8, ::1, localhost. */
const isLoopback = (host: string) => /^(localhost|::1|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.test(host.trim().replace(/^\[|\]$/g, ''))

function AllowedHosts({ setting }: { setting: AppSettingsDto['allowHosts'] }) {
  const save = useSettingsStore((s) => s.save)
  const [name, setName] = useState('')
  const pinned = !!setting.pinnedBy
  const add = async (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return
    if (await save('access', { allowHosts: [...setting.value, name.trim()] }, `allowed host ${name.trim()} added`)) setName('')
  }
  return (
    <div role="group" aria-labelledby="allow-hosts-label">
      <p id="allow-hosts-label">
        <strong>Allowed hosts</strong> <span className="muted small">— other names your tools may use for this computer (e.g. host.docker.internal from a container). Live.</span>
      </p>
      {setting.value.length ? (
        <ul className="chips" aria-label="Allowed hosts">
          {setting.value.map((h) => (
            <li key={h}>
              <span className="mono">{h}</span>{' '}
              <button type="button" className="link" disabled={pinned} aria-label={`Remove ${h}`} onClick={() => void save('access', { allowHosts: setting.value.filter((x) => x !== h) }, `allowed host ${h} removed`)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">Only this computer’s own names (localhost, 127.0.0.1).</p>
      )}
      <form className="row" onSubmit={(e) => void add(e)} aria-label="Add an allowed host">
        <label htmlFor="allow-host-name">Host name or IP address</label>
        <input id="allow-host-name" value={name} maxLength={255} placeholder="host.docker.internal" disabled={pinned} onChange={(e) => setName(e.target.value)} />
        <button type="submit" disabled={pinned || !name.trim()}>
          Add
        </button>
      </form>
      <PinnedNote setting={setting} />
    </div>
  )
}

function PublicUrl({ setting }: { setting: AppSettingsDto['publicUrl'] }) {
  const save = useSettingsStore((s) => s.save)
  const [text, setText] = useState(setting.value ?? '')
  useEffect(() => setText(setting.value ?? ''), [setting.value])
  const pinned = !!setting.pinnedBy
  return (
    <div role="group" aria-labelledby="public-url-label">
      <p id="public-url-label">
        <strong>Public URL</strong> <span className="muted small">— the address others reach this computer at (e.g. a tunnel’s https://…), used in temporary pairing links. Empty: the address each request came in on (or this computer’s network address when the API listens beyond it). Live.</span>
      </p>
      <form className="row" aria-label="Change the public URL" onSubmit={(e) => (e.preventDefault(), void save('access', { publicUrl: text.trim() || null }, text.trim() ? `public URL ${text.trim()}` : 'public URL cleared'))}>
        <label htmlFor="public-url">Public URL</label>
        <input id="public-url" value={text} size={32} maxLength={2048} placeholder="https://my-tunnel.example.com" disabled={pinned} onChange={(e) => setText(e.target.value)} />
        <button type="submit" disabled={pinned || text.trim() === (setting.value ?? '')}>
          Save
        </button>
      </form>
      <PinnedNote setting={setting} />
    </div>
  )
}

function BindAddress({ host, port }: { host: AppSettingsDto['host']; port: AppSettingsDto['port'] }) {
  const save = useSettingsStore((s) => s.save)
  const [hostText, setHostText] = useState(host.value)
  const [portText, setPortText] = useState(String(port.value))
  useEffect(() => setHostText(host.value), [host.value])
  useEffect(() => setPortText(String(port.value)), [port.value])
  const portValid = /^\d{1,5}$/.test(portText) && Number(portText) >= 1 && Number(portText) <= 65535
  const exposed = hostText.trim() !== '' && !isLoopback(hostText)
  return (
    <div role="group" aria-label="Bind address and port">
      <form className="row" aria-label="Change the bind address" onSubmit={(e) => (e.preventDefault(), void save('access', { host: hostText.trim() }, `bind address ${hostText.trim()}`))}>
        <label htmlFor="bind-host">Bind address</label>
        <input id="bind-host" value={hostText} size={16} maxLength={64} disabled={!!host.pinnedBy} onChange={(e) => setHostText(e.target.value)} />
        <button type="submit" disabled={!!host.pinnedBy || !hostText.trim() || hostText.trim() === host.value}>
          Save
        </button>
      </form>
      {exposed ? (
        <div className="note note-error small" role="alert">
          <p>{host.exposedWarning}</p>
        </div>
      ) : (
        <p className="muted small">127.0.0.1 keeps the API on this computer.</p>
      )}
      <PinnedNote setting={host} />
      <NextStartNote setting={host} show={(v: string) => v} />
      <form className="row" aria-label="Change the port" onSubmit={(e) => (e.preventDefault(), portValid && void save('access', { port: Number(portText) }, `port ${portText}`))}>
        <label htmlFor="bind-port">Port</label>
        <input id="bind-port" value={portText} size={6} inputMode="numeric" disabled={!!port.pinnedBy} aria-invalid={!portValid} onChange={(e) => setPortText(e.target.value)} />
        <button type="submit" disabled={!!port.pinnedBy || !portValid || Number(portText) === port.value}>
          Save
        </button>
        {!portValid ? <span className="field-error">A port is a whole number from 1 to 65535.</span> : null}
      </form>
      <PinnedNote setting={port} />
      <NextStartNote setting={port} show={(v: number) => String(v)} />
    </div>
  )
}

export function AccessSection() {
  const settings = useSettingsStore((s) => s.settings)
  if (!settings) return null
  return (
    <div className="panel" role="region" aria-labelledby="access-title">
      <h2 id="access-title">API access</h2>
      <AllowedHosts setting={settings.allowHosts} />
      <BindAddress host={settings.host} port={settings.port} />
      <PublicUrl setting={settings.publicUrl} />
      <SectionOutcome section="access" />
    </div>
  )
}
