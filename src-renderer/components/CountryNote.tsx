// The default country of phone numbers, said where a number is typed (numbers without + are read in it) and
// changeable there: "(555) 000-0002" is no longer silently turned into other digits than the user meant.
import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { CountryCode } from 'libphonenumber-js/min'
import { countryChoices, setDefaultCountry } from '../lib/phone.js'

export function CountryNote({ country, onChange }: { country: CountryCode; onChange(country: CountryCode): void }) {
  const id = useId()
  const { t, i18n } = useTranslation()
  // Country names in the UI's language: listed again when it changes.
  const language = i18n.language
  const choices = useMemo(() => countryChoices(), [language])
  return (
    <span className="country-note small muted">
      <label htmlFor={id}>{t('uiWords.country.readIn')}</label>{' '}
      <select
        id={id}
        value={country}
        onChange={(e) => {
          const next = e.target.value as CountryCode
          setDefaultCountry(next)
          onChange(next)
        }}
      >
        {choices.map((c) => (
          <option key={c.code} value={c.code}>
            {c.label}
          </option>
        ))}
      </select>
    </span>
  )
}
