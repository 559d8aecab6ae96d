// A simulated phone's per-phone settings: hide its number (LID only), the network's send limits on it (reach-out
// timelock 463, new-chat cap 475), a ban, and seeding a large history that devices get at pairing. Checkbox and
// ban apply at once; the fields apply with their line's button. Outcomes show in the card's status line.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SandboxPhoneDto, SandboxPhoneSettingsDto } from '../../../src-preload/contract/dto.js'
import { t } from '../../i18n/index.js'
import { banChoices } from '../../lib/fault-words.js'
import { formatDateTime, formatNumber } from '../../lib/format.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'

const DEFAULTS: SandboxPhoneSettingsDto = { hideNumber: false, newContacts: 'allow', timelockUntil: null, messageCap: null, newChats: 0, banned: null }

/** The settings that differ from a fresh phone's, in words (shown on the card while the section is closed). */
export function settingsSummary(s: SandboxPhoneSettingsDto | undefined): string | null {
  if (!s) return null
  const parts: string[] = []
  if (s.hideNumber) parts.push(t('sandbox.summary.hidden'))
  if (s.newContacts === 'timelock') parts.push(s.timelockUntil ? t('sandbox.summary.timelockedUntil', { at: formatDateTime(s.timelockUntil) }) : t('sandbox.summary.timelocked'))
  if (s.messageCap !== null) parts.push(t('sandbox.summary.capped', { cap: formatNumber(s.messageCap), n: formatNumber(s.newChats) }))
  if (s.banned) parts.push(t('sandbox.summary.banned', { code: s.banned }))
  return parts.length ? t('sandbox.summary.text', { parts: parts.join(', ') }) : null
}

/** ms -> the value of a datetime-local field (local time, minutes). */
const localInput = (ms: number | null) => {
  if (ms === null) return ''
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}

export function PhoneSettings({ phone }: { phone: SandboxPhoneDto }) {
  // Subscribes to the language (the words come from the module's t).
  useTranslation()
  const p = phone.phoneNumber
  const s = phone.settings ?? { ...DEFAULTS, hideNumber: !!phone.hideNumber }
  const busy = useSandboxStore((st) => !!st.activity[p]?.busy)
  const { setPhoneSettings, seedHistory } = useSandboxStore()
  const [newContacts, setNewContacts] = useState(s.newContacts)
  const [until, setUntil] = useState(localInput(s.timelockUntil))
  const [cap, setCap] = useState(s.messageCap === null ? '' : String(s.messageCap))
  const [chats, setChats] = useState('1000')
  const [messages, setMessages] = useState('20000')
  const capValue = cap.trim() === '' ? null : Number(cap)
  const capValid = capValue === null || (Number.isInteger(capValue) && capValue >= 0)

  const onLimits = (e: FormEvent) => {
    e.preventDefault()
    const untilMs = until ? new Date(until).getTime() : null
    void setPhoneSettings(p, { newContacts, timelockUntil: newContacts === 'timelock' && untilMs !== null && Number.isFinite(untilMs) ? untilMs : null })
  }
  const onCap = (e: FormEvent) => {
    e.preventDefault()
    if (capValid) void setPhoneSettings(p, { messageCap: capValue })
  }
  const onSeed = (e: FormEvent) => {
    e.preventDefault()
    void seedHistory(p, { chats: Number(chats), messages: Number(messages) })
  }
  const seedValid = [chats, messages].every((v) => /^[0-9]+$/.test(v.trim()))
  return (
    <div className="phone-actions phone-settings" role="group" aria-label={t('sandbox.settingsOf', { name: phone.name })}>
      <div className="phone-action with-hint">
        <label htmlFor={`hide-${p}`}>{t('sandbox.hideNumber')}</label>
        <input id={`hide-${p}`} type="checkbox" checked={s.hideNumber} disabled={busy} onChange={(e) => void setPhoneSettings(p, { hideNumber: e.target.checked })} />
        <span className="hint">{t('sandbox.hideNumberHint')}</span>
      </div>
      <form className="phone-action" onSubmit={onLimits}>
        <label htmlFor={`newc-${p}`}>{t('sandbox.newContacts')}</label>
        <span className="fields">
          <select id={`newc-${p}`} value={newContacts} onChange={(e) => setNewContacts(e.target.value as 'allow' | 'timelock')}>
            <option value="allow">{t('sandbox.allowed')}</option>
            <option value="timelock">{t('sandbox.timelocked')}</option>
          </select>
          <label htmlFor={`until-${p}`} className="sr-only">{t('sandbox.timelockUntil')}</label>
          <input id={`until-${p}`} type="datetime-local" value={until} disabled={newContacts !== 'timelock'} onChange={(e) => setUntil(e.target.value)} title={t('sandbox.timelockEmpty')} />
        </span>
        <button type="submit" disabled={busy}>{t('sandbox.applyLimit')}</button>
      </form>
      <form className="phone-action" onSubmit={onCap}>
        <label htmlFor={`cap-${p}`}>{t('sandbox.cap')}</label>
        <input id={`cap-${p}`} inputMode="numeric" placeholder={t('sandbox.noCap', { n: formatNumber(s.newChats) })} value={cap} aria-invalid={!capValid} onChange={(e) => setCap(e.target.value)} />
        <button type="submit" disabled={busy || !capValid}>{t('sandbox.applyCap')}</button>
      </form>
      <div className="phone-action with-hint">
        <label htmlFor={`ban-${p}`}>{t('sandbox.ban')}</label>
        <select
          id={`ban-${p}`}
          value={s.banned === null ? '' : String(s.banned)}
          disabled={busy}
          onChange={(e) => void setPhoneSettings(p, { banned: e.target.value ? (Number(e.target.value) as 403 | 402 | 406) : null })}
        >
          <option value="">{t('sandbox.notBanned')}</option>
          {banChoices().map((c) => (
            <option key={c.value} value={c.value}>{c.label}</option>
          ))}
        </select>
        <span className="hint">{t('sandbox.banHint')}</span>
      </div>
      <form className="phone-action" onSubmit={onSeed}>
        <label htmlFor={`seed-chats-${p}`}>{t('sandbox.history')}</label>
        <span className="fields">
          <input id={`seed-chats-${p}`} inputMode="numeric" aria-label={t('sandbox.chats')} value={chats} onChange={(e) => setChats(e.target.value)} />
          <input id={`seed-messages-${p}`} inputMode="numeric" aria-label={t('sandbox.messages')} value={messages} onChange={(e) => setMessages(e.target.value)} />
        </span>
        <button type="submit" disabled={busy || !seedValid} title={t('sandbox.seedTitle')}>
          {t('sandbox.seed')}
        </button>
      </form>
    </div>
  )
}
