// Creates a simulated phone: a number (digits with country code) and the person's name.
import { useState, type FormEvent } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { phoneNumberProblem } from '../../lib/format.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'

export function NewPhoneForm() {
  const [phone, setPhone] = useState('')
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const { creating, createPhone } = useSandboxStore()
  const problem = phoneNumberProblem(phone)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (problem) return
    if (await createPhone(phone.trim(), name)) {
      setPhone('')
      setName('')
      setTouched(false)
    }
  }
  return (
    <form className="panel row" onSubmit={(e) => void submit(e)} noValidate aria-label="Create a simulated phone">
      <label htmlFor="sandbox-phone">Phone number</label>
      <input id="sandbox-phone" inputMode="numeric" placeholder="15550000001" value={phone} onChange={(e) => setPhone(e.target.value)} aria-invalid={touched && !!problem} />
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
