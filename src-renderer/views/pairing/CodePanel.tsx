// Pairing by phone number: the number typed as in New chat (+1 555 000 0001, or in the default country shown),
// read by the app's one normalization and sent as digits; the code is shown big as XXXX-XXXX.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { CountryNote } from '../../components/CountryNote.js'
import { formatPairingCode } from '../../lib/format.js'
import { defaultCountry, formatPhoneNumber, readPhoneNumber } from '../../lib/phone.js'
import { usePairingStore } from '../../stores/pairing-store.js'

export function CodePanel({ instanceId }: { instanceId: string }) {
  const [phone, setPhone] = useState('')
  const [touched, setTouched] = useState(false)
  const { code, codeBusy, codeError, requestCode } = usePairingStore()
  const [country, setCountry] = useState(defaultCountry)
  const { t } = useTranslation()
  const { digits, problem } = readPhoneNumber(phone, country)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (digits) void requestCode(instanceId, digits)
  }
  const shown = code && code.instanceId === instanceId ? code : null
  return (
    <div className="panel code-panel">
      <h2>{t('uiWords.pairing.codeTitle')}</h2>
      <form onSubmit={submit} noValidate>
        <label htmlFor="pairing-phone">{t('uiWords.pairing.phoneLabel')}</label>
        <div className="row">
          <input
            id="pairing-phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+1 555 000 0001"
            value={phone}
            aria-invalid={touched && !!problem}
            aria-describedby="pairing-phone-help"
            onChange={(e) => setPhone(e.target.value)}
            onBlur={() => setTouched(true)}
          />
          <button type="submit" disabled={codeBusy}>
            {t('uiWords.pairing.getCode')}
          </button>
        </div>
        <p id="pairing-phone-help" className={touched && problem ? 'field-error' : 'muted small'}>
          {touched && problem ? problem : digits ? t('uiWords.pairing.links', { phone: formatPhoneNumber(digits) }) : t('uiWords.pairing.asYouWrite')}
        </p>
        <CountryNote country={country} onChange={setCountry} />
      </form>
      {codeBusy ? <Spinner label={t('uiWords.pairing.asking')} /> : null}
      <ErrorNote error={codeError} />
      {shown ? (
        <div className="pairing-code" aria-live="polite">
          <p className="code" data-testid="pairing-code">
            {formatPairingCode(shown.code)}
          </p>
          <p className="muted">{t('uiWords.pairing.codeHow', { phone: shown.phoneNumber })}</p>
        </div>
      ) : null}
    </div>
  )
}
