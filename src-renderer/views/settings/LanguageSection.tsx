// The UI's language (issue 20 item 12): the browser's ("System") or one picked here, kept by the core so a reload
// or a restart shows the same. Each language is named in itself, so it can be found whatever is on screen now.
import { useTranslation } from 'react-i18next'
import type { UiLanguageChoice } from '../../../src-preload/contract/dto.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { LANGUAGE_NAMES, LANGUAGES, resolveLanguage } from '../../i18n/index.js'
import { useLanguageStore } from '../../stores/language-store.js'

export function LanguageSection() {
  const { t } = useTranslation()
  const { choice, error, choose } = useLanguageStore()
  return (
    <div className="panel" role="region" aria-labelledby="language-title">
      <h2 id="language-title">{t('language.title')}</h2>
      <div className="row">
        <label htmlFor="settings-language">{t('language.label')}</label>
        <select id="settings-language" value={choice} onChange={(e) => void choose(e.target.value as UiLanguageChoice)}>
          <option value="system">{t('language.system', { name: LANGUAGE_NAMES[resolveLanguage('system')] })}</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
        <span className="muted small">{t('language.hint')}</span>
      </div>
      <ErrorNote error={error} />
    </div>
  )
}
