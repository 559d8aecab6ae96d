// A webhook's retry policy: how many POSTs in all, and the first pause (it doubles after each failure). The
// fields keep what is typed (even empty, mid-edit); the policy they report is always within the core's bounds.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { WebhookRetriesDto } from '../../../src-preload/contract/dto.js'

const BOUNDS = { attempts: [1, 50], delay: [0, 3600] } as const
const clamp = (text: string, [min, max]: readonly [number, number]) => Math.max(min, Math.min(max, Math.round(Number(text)) || min))

export function RetryFields({ idPrefix, value, onChange }: { idPrefix: string; value: WebhookRetriesDto; onChange(next: WebhookRetriesDto): void }) {
  const { t } = useTranslation()
  const [text, setText] = useState({ attempts: String(value.attempts), delay: String(value.delay) })
  const field = (key: keyof WebhookRetriesDto, label: string) => (
    <>
      <label htmlFor={`${idPrefix}-${key}`}>{label}</label>
      <input
        id={`${idPrefix}-${key}`}
        type="number"
        min={BOUNDS[key][0]}
        max={BOUNDS[key][1]}
        value={text[key]}
        onChange={(e) => {
          setText({ ...text, [key]: e.target.value })
          onChange({ ...value, [key]: clamp(e.target.value, BOUNDS[key]) })
        }}
        onBlur={() => setText({ ...text, [key]: String(value[key]) })}
      />
    </>
  )
  return (
    <div className="row">
      {field('attempts', t('webhooks.attempts'))}
      {field('delay', t('webhooks.firstRetry'))}
    </div>
  )
}
