// A sent message's delivery state. Delivered and read differ in more than colour (WCAG 1.4.1): read adds the
// word, and every state has a name for screen readers.
import type { MessageAck } from '../../src-preload/contract/dto.js'

const TICKS: Record<MessageAck, { mark: string; label: string }> = {
  pending: { mark: '🕓', label: 'Sending' },
  sent: { mark: '✓', label: 'Sent' },
  delivered: { mark: '✓✓', label: 'Delivered' },
  read: { mark: '✓✓ Read', label: 'Read' },
  failed: { mark: '! Not sent', label: 'Not sent' }
}

export function Tick({ ack }: { ack: MessageAck }) {
  const t = TICKS[ack]
  return (
    <span className={`tick tick-${ack}`} role="img" aria-label={t.label} title={t.label}>
      {t.mark}
    </span>
  )
}
