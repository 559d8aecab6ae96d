// Creates a simulated phone: a number typed as people write it (+1 555 000 0001, (555) 000-0001; stored as its
// digits, shown before creating) and the person's name.
import { useState, type FormEvent } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'
import { phoneDigits, phoneInputProblem } from './phone-input.js'

export function NewPhoneForm() {
  const [phone, setPhone] = useState('')
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const { creating, createPhone } = useSandboxStore()
  const problem = phoneInputProblem(phone)
  const digits = phoneDigits(phone)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (problem) return
    if (await createPhone(digits, name)) {
      setPhone('')
      setName('')
      setTouched(false)
    }
  }
  return (
    <form className="panel row" onSubmit={(e) => void submit(e)} noValidate aria-label="Create a simulated phone">
      <label htmlFor="sandbox-phone">Phone number</label>
      <input id="sandbox-phone" type="tel" inputMode="tel" placeholder="+1 555 000 0001" value={phone} onChange={(e) => setPhone(e.target.value)} aria-invalid={touched && !!problem} aria-describedby="sandbox-phone-digits" />
      <span id="sandbox-phone-digits" className="hint">
        {!problem && digits !== phone.trim() ? `Creates ${digits}` : ''}
      </span>
      <label htmlFor="sandbox-name">Name</label>
      <input id="sandbox-name" placeholder="Alice" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="primary" disabled={creating}>
        Create phone
      </button>
      {creating ? <Spinner label="Creating…" /> : null}
      {touched && problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </form>
  )
}
