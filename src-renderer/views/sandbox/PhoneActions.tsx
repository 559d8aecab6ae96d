// What the person behind a simulated phone can do: scan an instance's QR, type a pairing code, send a text or a
// photo/file from a picker, the text then its caption (their
// settings are in PhoneSettings.tsx). Each action is one line: label, its field(s), its button (the grid keeps them there at every card width).
// The recipient is picked from the other simulated phones, or typed (a number as people write it, or a chat id).
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/Icon.js'
import { fileToBase64 } from '../../lib/files.js'
import type { SandboxPhoneDto } from '../../../src-preload/contract/dto.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'
import { recipientOf } from './phone-input.js'

/** The recipient select's "type it" choice. */
const OTHER = 'other'

export function PhoneActions({ phone }: { phone: SandboxPhoneDto }) {
  const { t } = useTranslation()
  const p = phone.phoneNumber
  const instances = useInstancesStore((s) => s.overview?.instances)
  const waiting = (instances ?? []).filter((i) => i.status === 'SCAN_QR_CODE')
  const { scanQr, enterCode, sendText, sendFile } = useSandboxStore()
  const [file, setFile] = useState<File | null>(null)
  const picker = useRef<HTMLInputElement>(null)
  const busy = useSandboxStore((s) => !!s.activity[p]?.busy)
  /** Who the person can write to: the other simulated phones (paired instances are reached through them). */
  const others = useSandboxStore((s) => s.phones)?.filter((o) => o.phoneNumber !== p) ?? []
  const [instanceId, setInstanceId] = useState('')
  const [code, setCode] = useState('')
  const [pick, setPick] = useState('')
  const [typed, setTyped] = useState('')
  const [text, setText] = useState('')
  const target = waiting.some((i) => i.id === instanceId) ? instanceId : (waiting[0]?.id ?? '')
  // With no other phone there is nothing to pick: typing is the only way.
  const choice = others.some((o) => o.phoneNumber === pick) || pick === OTHER ? pick : others.length ? '' : OTHER
  const to = choice === OTHER ? recipientOf(typed) : choice
  const picked = others.find((o) => o.phoneNumber === choice)
  const waitingLabel = (id: string) => {
    const i = waiting.find((w) => w.id === id)
    return i ? `${i.name} (${i.id})` : undefined
  }

  const onCode = async (e: FormEvent) => {
    e.preventDefault()
    if (await enterCode(p, code.trim())) setCode('')
  }
  const onSend = async (e: FormEvent) => {
    e.preventDefault()
    const sent = file ? await sendFile(p, to, { name: file.name, mimetype: file.type || 'application/octet-stream', base64: await fileToBase64(file) }, text.trim()) : await sendText(p, to, text)
    if (!sent) return
    setText('')
    setFile(null)
    if (picker.current) picker.current.value = ''
  }
  return (
    <div className="phone-actions">
      <div className="phone-action">
        <label htmlFor={`scan-${p}`}>{t('sandbox.scanOf')}</label>
        <select id={`scan-${p}`} value={target} title={waitingLabel(target)} onChange={(e) => setInstanceId(e.target.value)} disabled={!waiting.length}>
          {waiting.length ? waiting.map((i) => <option key={i.id} value={i.id}>{i.name} ({i.id})</option>) : <option value="">{t('sandbox.noQr')}</option>}
        </select>
        <button type="button" disabled={busy || !target} onClick={() => void scanQr(p, target)}>
          {t('sandbox.scan')}
        </button>
      </div>
      <form className="phone-action" onSubmit={(e) => void onCode(e)}>
        <label htmlFor={`code-${p}`}>{t('sandbox.pairingCode')}</label>
        <input id={`code-${p}`} placeholder="ABCD-EFGH" maxLength={9} value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
        <button type="submit" disabled={busy || code.replace('-', '').trim().length !== 8}>
          {t('sandbox.enterCode')}
        </button>
      </form>
      <form className="phone-action" onSubmit={(e) => void onSend(e)}>
        <label htmlFor={`to-${p}`} className="ellipsis" title={t('sandbox.sendAs', { name: phone.name })}>
          {t('sandbox.sendAs', { name: phone.name })}
        </label>
        <span className="fields">
          <select id={`to-${p}`} value={choice} title={picked ? `${picked.name} (${picked.phoneNumber})` : undefined} onChange={(e) => setPick(e.target.value)}>
            {others.length ? <option value="">{t('sandbox.choosePhone')}</option> : null}
            {others.map((o) => (
              <option key={o.phoneNumber} value={o.phoneNumber}>
                {o.name} ({o.phoneNumber})
              </option>
            ))}
            <option value={OTHER}>{t('sandbox.other')}</option>
          </select>
          {choice === OTHER ? (
            <>
              <label htmlFor={`to-typed-${p}`} className="sr-only">
                {t('sandbox.numberOrChat')}
              </label>
              <input id={`to-typed-${p}`} placeholder={t('sandbox.numberPlaceholder')} value={typed} onChange={(e) => setTyped(e.target.value)} />
            </>
          ) : null}
          <label htmlFor={`text-${p}`} className="sr-only">{file ? t('sandbox.caption') : t('sandbox.message')}</label>
          <input id={`text-${p}`} placeholder={file ? t('sandbox.captionOptional') : t('sandbox.message')} value={text} onChange={(e) => setText(e.target.value)} />
          <label htmlFor={`file-${p}`} className="file-pick">
            {file ? (
              <>
                <Icon name="clip" /> {file.name}
              </>
            ) : (
              t('sandbox.photoOrFile')
            )}
          </label>
          <input id={`file-${p}`} ref={picker} type="file" className="sr-only" aria-label={t('sandbox.attach', { name: phone.name })} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </span>
        <button type="submit" disabled={busy || !to || (!text && !file)}>
          {t('sandbox.send')}
        </button>
      </form>
    </div>
  )
}
