// Network faults: one form drawn from the fault descriptors (src-preload/contract/sandbox-faults.ts): pick a fault,
// fill its parameters (devices and accounts are chosen from the simulated phones), apply it; the outcome is a
// status line in words, a refusal an alert in words.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SandboxPhoneDto } from '../../../src-preload/contract/dto.js'
import { FAULTS, type FaultParam, type SandboxFault, type SandboxFaultKind } from '../../../src-preload/contract/sandbox-faults.js'
import { ErrorNote, Notice } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { t } from '../../i18n/index.js'
import { faultWords } from '../../lib/fault-words.js'
import { formatNumber } from '../../lib/format.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'
import { presenceWord } from './Presence.js'

type Values = Record<string, string | boolean>

/** Linked devices first (they are the instances), then the phones themselves. */
function deviceChoices(phones: SandboxPhoneDto[]) {
  const all = phones.flatMap((p) => p.devices.map((d) => ({ d, p })))
  all.sort((a, b) => Number(a.d.kind === 'phone') - Number(b.d.kind === 'phone'))
  return all.map(({ d, p }) => ({
    value: d.jid,
    label: `${p.name} ${d.kind === 'phone' ? t('sandbox.faults.thePhone') : t('sandbox.faults.linkedDevice', { id: d.id })}${d.kind !== 'phone' && d.instance ? ` ${d.instance.name}` : ''}, ${presenceWord(d.online)}`
  }))
}

/** The fault body from the form, or the first problem in words. */
export function faultBody(kind: SandboxFaultKind, params: readonly FaultParam[], values: Values): SandboxFault | string {
  const body: Record<string, unknown> = { kind }
  for (const p of params) {
    const v = values[p.name]
    if (p.type === 'boolean') {
      if (v === true) body[p.name] = true
      continue
    }
    const text = typeof v === 'string' ? v.trim() : ''
    if (!text) {
      if (p.required) return t('sandbox.faults.required', { label: p.label })
      continue
    }
    if (p.type === 'integer') {
      const n = Number(text)
      if (!Number.isInteger(n) || (p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max)) return `${t('sandbox.faults.whole', { label: p.label })}${p.min !== undefined ? t('sandbox.faults.from', { n: formatNumber(p.min) }) : ''}${p.max !== undefined ? t('sandbox.faults.to', { n: formatNumber(p.max) }) : ''}`
      body[p.name] = n
    } else if (p.type === 'choice') {
      const choice = p.choices?.find((c) => String(c.value) === text)
      if (!choice) return t('sandbox.faults.chooseOption', { label: p.label })
      body[p.name] = choice.value
    } else body[p.name] = text
  }
  return body as SandboxFault
}

function ParamField({ param: p, id, value, onChange, phones }: { param: FaultParam; id: string; value: string | boolean | undefined; onChange(v: string | boolean): void; phones: SandboxPhoneDto[] }) {
  if (p.type === 'boolean') return <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
  const text = typeof value === 'string' ? value : ''
  const options =
    p.type === 'device' ? deviceChoices(phones) : p.type === 'phone' ? phones.map((ph) => ({ value: ph.phoneNumber, label: `${ph.name} (${ph.phoneNumber})` })) : p.type === 'choice' ? (p.choices ?? []).map((c) => ({ value: String(c.value), label: c.label })) : null
  if (options) {
    return (
      <select id={id} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">{p.required ? t('sandbox.faults.choose') : p.type === 'choice' ? t('sandbox.faults.default') : t('sandbox.faults.none')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    )
  }
  return <input id={id} inputMode={p.type === 'integer' ? 'numeric' : undefined} placeholder={p.example} value={text} onChange={(e) => onChange(e.target.value)} />
}

export function FaultsPanel() {
  useTranslation()
  const phones = useSandboxStore((s) => s.phones) ?? []
  const state = useSandboxStore((s) => s.faults)
  const applyFault = useSandboxStore((s) => s.applyFault)
  const dismiss = useSandboxStore((s) => s.dismissFaultNotice)
  const [kind, setKind] = useState<SandboxFaultKind>(FAULTS[0]!.kind)
  const [values, setValues] = useState<Values>({})
  const [problem, setProblem] = useState<string | null>(null)
  // In the UI's language (the hook above re-renders on a change); the kinds, parameters and limits as the contract has them.
  const faults = FAULTS.map(faultWords)
  const fault = faults.find((f) => f.kind === kind) ?? faults[0]!

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const body = faultBody(fault.kind, fault.params, values)
    if (typeof body === 'string') return setProblem(body)
    setProblem(null)
    await applyFault(body)
  }
  return (
    <form className="panel faults" aria-labelledby="faults-title" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="faults-title">{t('sandbox.faults.title')}</h2>
      <div className="phone-action">
        <label htmlFor="fault-kind">{t('sandbox.faults.fault')}</label>
        <select
          id="fault-kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as SandboxFaultKind)
            setValues({})
            setProblem(null)
          }}
        >
          {faults.map((f) => (
            <option key={f.kind} value={f.kind}>
              {f.label}
            </option>
          ))}
        </select>
        <button type="submit" className="primary" disabled={state.busy}>
          {t('sandbox.faults.apply')}
        </button>
      </div>
      <p className="hint">{fault.help}</p>
      {fault.params.map((p) => (
        <div className="phone-action with-hint" key={`${fault.kind}-${p.name}`}>
          <label htmlFor={`fault-${p.name}`}>{p.label}</label>
          <ParamField param={p} id={`fault-${p.name}`} value={values[p.name]} phones={phones} onChange={(v) => setValues((o) => ({ ...o, [p.name]: v }))} />
          {p.help ? <span className="hint">{p.help}</span> : <span />}
        </div>
      ))}
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
      {state.busy ? <Spinner label={t('sandbox.faults.applying')} /> : null}
      <ErrorNote error={state.error} />
      {state.notice ? <Notice onDismiss={dismiss}>{state.notice}</Notice> : null}
    </form>
  )
}
