// The opt-out keyword settings: the built-in words on or off (shown by language), the account's own words (a reply
// that is only such a word opts the sender out; case and accents ignored) and the one confirmation sent after.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { OptOutSettingsDto } from '../../../src-preload/contract/campaigns-dto.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { bridge, call } from '../../lib/bridge.js'
import type { UiError } from '../../lib/errors.js'
import { runAction } from '../../stores/run-action.js'

const LANGUAGES = new Set(['en', 'es', 'pt', 'fr', 'de', 'it', 'id'])
/** The confirmation is a message to customers (data the owner edits), so its default is not a UI word. */
const DEFAULT_CONFIRMATION = "You won't receive more messages from us. Reply START to subscribe again."

/** The words as typed: one a line or separated by commas. */
const wordsOf = (text: string) => [...new Set(text.split(/[\n,]/).map((w) => w.trim()).filter(Boolean))]

export function OptOutKeywords() {
  const { t } = useTranslation()
  const [saved, setSaved] = useState<OptOutSettingsDto | null>(null)
  const [builtIn, setBuiltIn] = useState(true)
  const [words, setWords] = useState('')
  const [confirm, setConfirm] = useState(true)
  const [confirmation, setConfirmation] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<UiError | null>(null)
  const [done, setDone] = useState(false)
  const show = (s: OptOutSettingsDto) => {
    setSaved(s)
    setBuiltIn(s.builtIn)
    setWords(s.keywords.join('\n'))
    setConfirm(s.confirmation !== null)
    setConfirmation(s.confirmation ?? DEFAULT_CONFIRMATION)
  }
  useEffect(() => {
    void runAction(async () => show(await call(bridge().campaigns.optOutSettings())), { fail: setError })
  }, [])
  const onSave = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setDone(false)
    const keywords = wordsOf(words).slice(0, 200)
    const s = await runAction(() => call(bridge().campaigns.setOptOutSettings({ keywords, builtIn, confirmation: confirm && confirmation.trim() ? confirmation.trim() : null })), { fail: setError, settle: () => setBusy(false), fallback: null })
    if (!s) return
    setError(null)
    show(s)
    setDone(true)
  }
  return (
    <details className="optout-keywords">
      <summary>{t('campaigns.optOuts.words')}</summary>
      <ErrorNote error={error} />
      {saved ? (
        <form aria-label={t('campaigns.optOuts.words')} onSubmit={(e) => void onSave(e)} onChange={() => setDone(false)}>
          <label className="check">
            <input type="checkbox" checked={builtIn} onChange={(e) => setBuiltIn(e.target.checked)} />
            {t('campaigns.optOuts.useBuiltIn')}
          </label>
          <ul className="builtin-words small muted" aria-label={t('campaigns.optOuts.builtIn')}>
            {Object.entries(saved.builtInKeywords).map(([lang, list]) => (
              <li key={lang}>
                <strong>{LANGUAGES.has(lang) ? t(`campaigns.optOuts.language.${lang}`) : lang}:</strong> {list.join(', ')}
              </li>
            ))}
          </ul>
          <label htmlFor="optout-words">{t('campaigns.optOuts.ownWords')}</label>
          <textarea id="optout-words" rows={2} value={words} placeholder={'no thanks\nremove'} onChange={(e) => setWords(e.target.value)} />
          <p className="hint">{t('campaigns.optOuts.ownWordsHint')}</p>
          <label className="check">
            <input type="checkbox" checked={confirm} onChange={(e) => setConfirm(e.target.checked)} />
            {t('campaigns.optOuts.sendConfirmation')}
          </label>
          {confirm ? <textarea aria-label={t('campaigns.optOuts.confirmation')} rows={2} maxLength={1000} value={confirmation} onChange={(e) => setConfirmation(e.target.value)} /> : null}
          <div className="row end">
            {done ? (
              <span className="small" role="status">
                {t('campaigns.optOuts.saved')}
              </span>
            ) : null}
            <button type="submit" className="primary" disabled={busy}>
              {busy ? t('campaigns.optOuts.saving') : t('common.save')}
            </button>
          </div>
        </form>
      ) : null}
    </details>
  )
}
