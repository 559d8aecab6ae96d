// "Name this contact" for the open 1:1 chat (issue 20 item 7): a local name kept by the core on this PC, shown in the
// chat list, the thread and notifications instead of the number or the name WhatsApp knows.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/ErrorNote.js'
import { toUiError, type UiError } from '../../lib/errors.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { nameContact } from '../../stores/contact-names.js'

export function ContactName() {
  const thread = useChatsStore((s) => s.thread)
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState<UiError | null>(null)
  const { t } = useTranslation()
  if (!thread || thread.chatId.endsWith('@g.us') || thread.chatId.endsWith('@newsletter')) return null
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    try {
      await nameContact(thread.instanceId, thread.chatId, value)
      setEditing(false)
      setError(null)
    } catch (err) {
      setError(toUiError(err))
    }
  }
  if (!editing) {
    return (
      <button type="button" className="link contact-name-edit" onClick={() => (setValue(thread.name ?? ''), setEditing(true))}>
        {t('contact.name')}
      </button>
    )
  }
  return (
    <form className="contact-name row" onSubmit={(e) => void submit(e)}>
      <label htmlFor="contact-name">{t('contact.label')}</label>
      <input id="contact-name" value={value} maxLength={100} onChange={(e) => setValue(e.target.value)} autoFocus />
      <button type="submit">{t('common.save')}</button>
      <button type="button" onClick={() => setEditing(false)}>
        {t('common.cancel')}
      </button>
      <span className="muted small">{t('contact.hint')}</span>
      <ErrorNote error={error} />
    </form>
  )
}
