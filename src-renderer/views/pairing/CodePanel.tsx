// Pairing by phone number: validate the number as the API does, request a code, show it big as XXXX-XXXX.
import { useState, type FormEvent } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { formatPairingCode, phoneNumberProblem } from '../../lib/format.js'
import { usePairingStore } from '../../stores/pairing-store.js'

export function CodePanel({ instanceId }: { instanceId: string }) {
  const [phone, setPhone] = useState('')
  const [touched, setTouched] = useState(false)
  const { code, codeBusy, codeError, requestCode } = usePairingStore()
  const problem = phoneNumberProblem(phone)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (!problem) void requestCode(instanceId, phone.trim())
  }
  const shown = code && code.instanceId === instanceId ? code : null
  return (
    <div className="panel code-panel">
      <h2>Or link with a phone number</h2>
      <form onSubmit={submit} noValidate>
        <label htmlFor="pairing-phone">Phone number with country code</label>
        <div className="row">
          <input
            id="pairing-phone"
            inputMode="numeric"
            autoComplete="off"
            placeholder="15550000001"
            value={phone}
            aria-invalid={touched && !!problem}
            aria-describedby="pairing-phone-help"
            onChange={(e) => setPhone(e.target.value)}
            onBlur={() => setTouched(true)}
          />
          <button type="submit" disabled={codeBusy}>
            Get pairing code
          </button>
        </div>
        <p id="pairing-phone-help" className={touched && problem ? 'field-error' : 'muted small'}>
          {touched && problem ? problem : 'Digits only, country code first, e.g. 15550000001'}
        </p>
      </form>
      {codeBusy ? <Spinner label="Asking the network for a code…" /> : null}
      <ErrorNote error={codeError} />
      {shown ? (
        <div className="pairing-code" aria-live="polite">
          <p className="code" data-testid="pairing-code">
            {formatPairingCode(shown.code)}
          </p>
          <p className="muted">On the phone {shown.phoneNumber}: WhatsApp › Linked devices › Link a device › Link with phone number instead, then type this code.</p>
        </div>
      ) : null}
    </div>
  )
}
