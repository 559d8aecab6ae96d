// The instance's handling of incoming calls (issue 22 item 6): reject them automatically, optionally answering the
// caller with a text. Loaded from the core when the card shows; saved with its own button (GET/PATCH /v2/session/calls).
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { CallSettingsDto } from '../../../src-preload/contract/dto.js'
import { bridge, call } from '../../lib/bridge.js'
import { errorWords } from '../../lib/error-words.js'
import { toUiError } from '../../lib/errors.js'

export function InstanceCalls({ instanceId }: { instanceId: string }) {
  const [saved, setSaved] = useState<CallSettingsDto | null>(null)
  const [autoReject, setAutoReject] = useState(false)
  const [reply, setReply] = useState('')
  const [note, setNote] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const { t } = useTranslation()

  const show = (s: CallSettingsDto) => {
    setSaved(s)
    setAutoReject(s.autoReject)
    setReply(s.replyText ?? '')
  }
  useEffect(() => {
    let live = true
    call(bridge().instances.callSettings({ instanceId })).then((s) => live && show(s), () => live && setNote(t('cardExtras.calls.readFailed')))
    return () => {
      live = false
    }
  }, [instanceId, t])

  if (!saved) return note ? <p className="muted small">{note}</p> : null
  const changed = autoReject !== saved.autoReject || (reply.trim() || null) !== saved.replyText
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSaving(true)
    setNote(null)
    try {
      show(await call(bridge().instances.setCallSettings({ instanceId, autoReject, replyText: reply.trim() || null })))
      setNote(t('cardExtras.calls.saved'))
    } catch (err) {
      setNote(errorWords(toUiError(err)).message)
    } finally {
      setSaving(false)
    }
  }
  return (
    <form className="call-settings" aria-label={t('cardExtras.calls.label')} onSubmit={(e) => void submit(e)}>
      <label className="row">
        <input type="checkbox" checked={autoReject} onChange={(e) => setAutoReject(e.target.checked)} />
        {t('cardExtras.calls.autoReject')}
      </label>
      {autoReject ? (
        <label className="row">
          {t('cardExtras.calls.replyWith')}
          <input value={reply} maxLength={1000} placeholder={t('cardExtras.calls.replyPlaceholder')} onChange={(e) => setReply(e.target.value)} aria-label={t('cardExtras.calls.replyLabel')} />
        </label>
      ) : null}
      <div className="row">
        <button type="submit" disabled={!changed || saving}>{t('cardExtras.calls.save')}</button>
        {note ? <span className="muted small" role="status">{note}</span> : null}
      </div>
    </form>
  )
}
