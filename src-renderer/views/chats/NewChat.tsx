// Starting a conversation with a number that has no chat yet: "Message +1 555 000 0002" under a search that is a
// phone number, and the New chat button's small form. The number is checked on WhatsApp first (the core's
// check-exists, one number check of the instance's policy); a number that is not on WhatsApp is said so.
import { useTranslation } from 'react-i18next'
import { useState, type FormEvent } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { bridge, call } from '../../lib/bridge.js'
import { toUiError, type UiError } from '../../lib/errors.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { CountryNote } from '../../components/CountryNote.js'
import { defaultCountry, formatPhoneNumber, readPhoneNumber, typedPhoneNumber } from '../../lib/phone.js'

/** Checks the number and opens its thread (clearing the search first: `clearSearch`); answers whether it did. */
function useStartChat(clearSearch: () => void) {
  const instanceId = useChatsStore((s) => s.instanceId)
  const startChat = useChatsStore((s) => s.startChat)
  const [checking, setChecking] = useState(false)
  const [notOnWhatsApp, setNotOnWhatsApp] = useState<string | null>(null)
  const [error, setError] = useState<UiError | null>(null)
  const { t } = useTranslation()
  const start = async (digits: string): Promise<boolean> => {
    if (!instanceId || checking) return false
    setChecking(true)
    setNotOnWhatsApp(null)
    setError(null)
    try {
      const check = await call(bridge().chats.checkNumber({ instanceId, phone: digits }))
      if (!check.exists) {
        setNotOnWhatsApp(t('newChat.notOnWhatsApp', { number: formatPhoneNumber(check.phone) }))
        return false
      }
      clearSearch()
      await startChat(check.chatId, formatPhoneNumber(check.phone))
      document.getElementById('composer-text')?.focus()
      return true
    } catch (e) {
      setError(toUiError(e))
      return false
    } finally {
      setChecking(false)
    }
  }
  const reset = () => {
    setNotOnWhatsApp(null)
    setError(null)
  }
  return { start, checking, notOnWhatsApp, error, reset }
}

/** Under a search that is a phone number with no chat listed for it. */
export function NewChatOffer({ search, clearSearch }: { search: string; clearSearch(): void }) {
  const chats = useChatsStore((s) => s.chats)
  const { start, checking, notOnWhatsApp, error } = useStartChat(clearSearch)
  const { t } = useTranslation()
  const digits = typedPhoneNumber(search)
  if (!digits || chats.some((c) => c.id.split('@')[0] === digits)) return null
  const shown = formatPhoneNumber(digits)
  return (
    <div className="new-chat-offer">
      <button type="button" disabled={checking} onClick={() => void start(digits)}>
        {checking ? t('newChat.checkingNamed', { number: shown }) : t('newChat.message', { number: shown })}
      </button>
      <p role="status" className="small">
        {notOnWhatsApp}
      </p>
      <ErrorNote error={error} />
    </div>
  )
}

/** The New chat button and its form: a number with its country code. */
export function NewChatButton({ clearSearch }: { clearSearch(): void }) {
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [country, setCountry] = useState(defaultCountry)
  const { start, checking, notOnWhatsApp, error, reset } = useStartChat(clearSearch)
  const { t } = useTranslation()
  const close = () => {
    setOpen(false)
    setValue('')
    setProblem(null)
    reset()
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const { digits, problem: why } = readPhoneNumber(value, country)
    if (!digits) {
      setProblem(!why || why === t('uiWords.phone.enter') ? t('newChat.enterNumber') : why)
      return
    }
    setProblem(null)
    if (await start(digits)) close()
  }
  if (!open) {
    return (
      <button type="button" className="new-chat-button" onClick={() => setOpen(true)}>
        {t('newChat.button')}
      </button>
    )
  }
  return (
    <form className="new-chat-form" aria-label={t('newChat.form')} onSubmit={(e) => void submit(e)}>
      <label htmlFor="new-chat-number">{t('newChat.phone')}</label>
      <input
        id="new-chat-number"
        type="tel"
        autoFocus
        placeholder="+1 555 000 0002"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'new-chat-problem' : undefined}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && close()}
      />
      {problem ? (
        <p id="new-chat-problem" className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={checking}>
          {checking ? t('newChat.checking') : t('newChat.start')}
        </button>
        <button type="button" onClick={close}>
          {t('common.cancel')}
        </button>
      </div>
      {/* After the buttons: in the smallest window they stay in view above it. */}
      <CountryNote country={country} onChange={setCountry} />
      <p role="status" className="small">
        {notOnWhatsApp}
      </p>
      <ErrorNote error={error} />
    </form>
  )
}
