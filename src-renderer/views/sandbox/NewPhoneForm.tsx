// Creates a simulated phone: a number typed as people write it (+1 555 000 0001, or (555) 000-0001 in the default
// country shown beside it; stored as its digits with the country code, shown before creating) and the person's name.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../components/Spinner.js'
import { CountryNote } from '../../components/CountryNote.js'
import { defaultCountry, formatPhoneNumber } from '../../lib/phone.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'
import { phoneDigits, phoneInputProblem } from './phone-input.js'

export function NewPhoneForm() {
  const { t } = useTranslation()
  const [phone, setPhone] = useState('')
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const { creating, createPhone } = useSandboxStore()
  const [country, setCountry] = useState(defaultCountry)
  const problem = phoneInputProblem(phone, country)
  const digits = phoneDigits(phone, country)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (problem) return
    const sent = { phone, name }
    if (await createPhone(digits, name)) {
      // The list shows the new phone before this call returns; whatever the person has typed since is the next
      // phone, so only what was submitted is cleared.
      setPhone((now) => (now === sent.phone ? '' : now))
      setName((now) => (now === sent.name ? '' : now))
      setTouched(false)
    }
  }
  return (
    <form className="panel row" onSubmit={(e) => void submit(e)} noValidate aria-label={t('sandbox.create')}>
      <label htmlFor="sandbox-phone">{t('sandbox.phoneNumber')}</label>
      <input id="sandbox-phone" type="tel" inputMode="tel" placeholder="+1 555 000 0001" value={phone} onChange={(e) => setPhone(e.target.value)} aria-invalid={touched && !!problem} aria-describedby="sandbox-phone-digits" />
      <span id="sandbox-phone-digits" className="hint">
        {!problem && digits !== phone.trim() ? t('sandbox.creates', { phone: formatPhoneNumber(digits) }) : ''}
      </span>
      <CountryNote country={country} onChange={setCountry} />
      <label htmlFor="sandbox-name">{t('sandbox.name')}</label>
      <input id="sandbox-name" placeholder="Alice" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="primary" disabled={creating}>
        {t('sandbox.createButton')}
      </button>
      {creating ? <Spinner label={t('sandbox.creating')} /> : null}
      {touched && problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </form>
  )
}
