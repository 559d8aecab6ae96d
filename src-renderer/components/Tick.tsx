// A sent message's delivery state. Delivered and read differ in more than colour (WCAG 1.4.1): read adds the
// word, and every state has a name for screen readers. A message still waiting (queued by the rate limit, or not
// yet taken by the network) says so in words next to its clock: it may wait minutes.
import type { MessageAck } from '../../src-preload/contract/dto.js'
import { Icon } from './Icon.js'

const TICKS: Record<MessageAck, { mark: string; label: string }> = {
  pending: { mark: 'Waiting', label: 'Waiting to be sent' },
  sent: { mark: '✓', label: 'Sent' },
  delivered: { mark: '✓✓', label: 'Delivered' },
  read: { mark: '✓✓ Read', label: 'Read' },
  failed: { mark: '! Not sent', label: 'Not sent' }
}

export function Tick({ ack }: { ack: MessageAck }) {
  const t = TICKS[ack]
  return (
    <span className={`tick tick-${ack}`} role="img" aria-label={t.label} title={t.label}>
      {ack === 'pending' ? <Icon name="clock" /> : null}
      {t.mark}
    </span>
  )
}
