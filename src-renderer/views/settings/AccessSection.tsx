// Who can reach the API: the extra Host names it accepts (live), and the bind address and port (at the next start,
// said honestly). Binding off loopback shows what that exposes, in the core's own words, before it is saved. In the
// chosen language (locales' localized.access group).
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppSettingsDto } from '../../../src-preload/contract/dto.js'
import { i18n } from '../../i18n/index.js'
import { useSettingsStore } from '../../stores/settings-store.js'
import { NextStartNote, PinnedNote, SectionOutcome } from './SettingNotes.js'

/** As the core's isLoopbackHost: 127.0.0.0/8, ::1, localhost. */
const isLoopback = (host: string) => /^(localhost|::1|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.test(host.trim().replace(/^\[|\]$/g, ''))

function AllowedHosts({ setting }: { setting: AppSettingsDto['allowHosts'] }) {
  const save = useSettingsStore((s) => s.save)
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const pinned = !!setting.pinnedBy
  const add = async (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return
    if (await save('access', { allowHosts: [...setting.value, name.trim()] }, t('localized.access.hostAdded', { host: name.trim() }))) setName('')
  }
  return (
    <div role="group" aria-labelledby="allow-hosts-label">
      <p id="allow-hosts-label">
        <strong>{t('localized.access.allowedHosts')}</strong> <span className="muted small">{t('localized.access.allowedHostsHelp')}</span>
      </p>
      {setting.value.length ? (
        <ul className="chips" aria-label={t('localized.access.allowedHosts')}>
          {setting.value.map((h) => (
            <li key={h}>
              <span className="mono">{h}</span>{' '}
              <button type="button" className="link" disabled={pinned} aria-label={t('localized.access.removeHost', { host: h })} onClick={() => void save('access', { allowHosts: setting.value.filter((x) => x !== h) }, t('localized.access.hostRemoved', { host: h }))}>
                {t('localized.access.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">{t('localized.access.ownNamesOnly')}</p>
      )}
      <form className="row" onSubmit={(e) => void add(e)} aria-label={t('localized.access.addHostForm')}>
        <label htmlFor="allow-host-name">{t('localized.access.hostName')}</label>
        <input id="allow-host-name" value={name} maxLength={255} placeholder="host.docker.internal" disabled={pinned} onChange={(e) => setName(e.target.value)} />
        <button type="submit" disabled={pinned || !name.trim()}>
          {t('localized.access.add')}
        </button>
      </form>
      <PinnedNote setting={setting} />
    </div>
  )
}

function PublicUrl({ setting }: { setting: AppSettingsDto['publicUrl'] }) {
  const save = useSettingsStore((s) => s.save)
  const { t } = useTranslation()
  const [text, setText] = useState(setting.value ?? '')
  useEffect(() => setText(setting.value ?? ''), [setting.value])
  const pinned = !!setting.pinnedBy
  return (
    <div role="group" aria-labelledby="public-url-label">
      <p id="public-url-label">
        <strong>{t('localized.access.publicUrl')}</strong> <span className="muted small">{t('localized.access.publicUrlHelp')}</span>
      </p>
      <form className="row" aria-label={t('localized.access.publicUrlForm')} onSubmit={(e) => (e.preventDefault(), void save('access', { publicUrl: text.trim() || null }, text.trim() ? t('localized.access.publicUrlSaved', { url: text.trim() }) : t('localized.access.publicUrlCleared')))}>
        <label htmlFor="public-url">{t('localized.access.publicUrl')}</label>
        <input id="public-url" value={text} size={32} maxLength={2048} placeholder="https://my-tunnel.example.com" disabled={pinned} onChange={(e) => setText(e.target.value)} />
        <button type="submit" disabled={pinned || text.trim() === (setting.value ?? '')}>
          {t('common.save')}
        </button>
      </form>
      <PinnedNote setting={setting} />
    </div>
  )
}

/** The exposure warning in the UI's language by its code; a code the locales do not know keeps the core's sentence. */
export function exposedWords(host: Pick<AppSettingsDto['host'], 'exposedWarning' | 'exposedWarningCode'>): string {
  const key = `coreWords.exposed.${host.exposedWarningCode}`
  return host.exposedWarningCode && i18n.exists(key) ? i18n.t(key) : host.exposedWarning
}

function BindAddress({ host, port }: { host: AppSettingsDto['host']; port: AppSettingsDto['port'] }) {
  const save = useSettingsStore((s) => s.save)
  const { t } = useTranslation()
  const [hostText, setHostText] = useState(host.value)
  const [portText, setPortText] = useState(String(port.value))
  useEffect(() => setHostText(host.value), [host.value])
  useEffect(() => setPortText(String(port.value)), [port.value])
  const portValid = /^\d{1,5}$/.test(portText) && Number(portText) >= 1 && Number(portText) <= 65535
  const exposed = hostText.trim() !== '' && !isLoopback(hostText)
  return (
    <div role="group" aria-label={t('localized.access.bindGroup')}>
      <form className="row" aria-label={t('localized.access.bindForm')} onSubmit={(e) => (e.preventDefault(), void save('access', { host: hostText.trim() }, t('localized.access.bindSaved', { host: hostText.trim() })))}>
        <label htmlFor="bind-host">{t('localized.access.bindAddress')}</label>
        <input id="bind-host" value={hostText} size={16} maxLength={64} disabled={!!host.pinnedBy} onChange={(e) => setHostText(e.target.value)} />
        <button type="submit" disabled={!!host.pinnedBy || !hostText.trim() || hostText.trim() === host.value}>
          {t('common.save')}
        </button>
      </form>
      {exposed ? (
        <div className="note note-error small" role="alert">
          <p>{exposedWords(host)}</p>
        </div>
      ) : (
        <p className="muted small">{t('localized.access.loopbackNote')}</p>
      )}
      <PinnedNote setting={host} />
      <NextStartNote setting={host} show={(v: string) => v} />
      <form className="row" aria-label={t('localized.access.portForm')} onSubmit={(e) => (e.preventDefault(), portValid && void save('access', { port: Number(portText) }, t('localized.access.portSaved', { port: portText })))}>
        <label htmlFor="bind-port">{t('localized.access.port')}</label>
        <input id="bind-port" value={portText} size={6} inputMode="numeric" disabled={!!port.pinnedBy} aria-invalid={!portValid} onChange={(e) => setPortText(e.target.value)} />
        <button type="submit" disabled={!!port.pinnedBy || !portValid || Number(portText) === port.value}>
          {t('common.save')}
        </button>
        {!portValid ? <span className="field-error">{t('localized.access.portProblem')}</span> : null}
      </form>
      <PinnedNote setting={port} />
      <NextStartNote setting={port} show={(v: number) => String(v)} />
    </div>
  )
}

export function AccessSection() {
  const settings = useSettingsStore((s) => s.settings)
  const { t } = useTranslation()
  if (!settings) return null
  return (
    <div className="panel" role="region" aria-labelledby="access-title">
      <h2 id="access-title">{t('localized.access.title')}</h2>
      <AllowedHosts setting={settings.allowHosts} />
      <BindAddress host={settings.host} port={settings.port} />
      <PublicUrl setting={settings.publicUrl} />
      <SectionOutcome section="access" />
    </div>
  )
}
