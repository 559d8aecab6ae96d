// A sent message's delivery state. Delivered and read differ in more than colour (WCAG 1.4.1): read adds the
// word, and every state has a name for screen readers. A message still waiting (queued by the rate limit, or not
// yet taken by the network) says so in words next to its clock: it may wait minutes.
import type { MessageAck } from '../../src-preload/contract/dto.js'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Icon } from './Icon.js'

/** Each state's mark and name, in the UI's language. */
function tickWords(ack: MessageAck, t: TFunction): { mark: string; label: string } {
  switch (ack) {
    case 'pending':
      return { mark: t('uiWords.tick.pending'), label: t('uiWords.tick.pendingLabel') }
    case 'sent':
      return { mark: '✓', label: t('uiWords.tick.sent') }
    case 'delivered':
      return { mark: '✓✓', label: t('uiWords.tick.delivered') }
    case 'read':
      return { mark: `✓✓ ${t('uiWords.tick.read')}`, label: t('uiWords.tick.read') }
    case 'failed':
      return { mark: `! ${t('uiWords.tick.failed')}`, label: t('uiWords.tick.failed') }
  }
}

export function Tick({ ack }: { ack: MessageAck }) {
  const { t } = useTranslation()
  const w = tickWords(ack, t)
  return (
    <span className={`tick tick-${ack}`} role="img" aria-label={w.label} title={w.label}>
      {ack === 'pending' ? <Icon name="clock" /> : null}
      {w.mark}
    </span>
  )
}
