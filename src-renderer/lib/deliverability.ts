// The network's hold on new contacts (463 reach-out timelock, 475 message capping) in words, for the instance card
// and the Chats view's note, in the UI's language (coreWords.deliverability, from the DTO's state, reason, until and
// held); the hook re-reads the instances when the hold should have lifted by itself.
import { useEffect } from 'react'
import type { DeliverabilityDto } from '../../src-preload/contract/dto.js'
import { useInstancesStore } from '../stores/instances-store.js'
import { t } from '../i18n/index.js'
import { formatNumber, formatTime } from './format.js'

/** "New contacts paused until 10:42 (the network's reach-out limit) — replies still go out; 2 held", or null when not paused. */
export function deliverabilityText(d: DeliverabilityDto | undefined, now = Date.now()): string | null {
  if (!d || d.newContacts !== 'paused' || (d.until !== null && d.until <= now)) return null
  const words = { time: d.until === null ? '' : formatTime(d.until), n: formatNumber(d.held) }
  // Account-wide (a 463 on a chat it had written to): nothing goes out, replies included.
  if (d.state === 'restricted' || d.reason === 'account_restricted') return t(d.until === null ? 'coreWords.deliverability.restricted' : 'coreWords.deliverability.restrictedUntil', words)
  const why = d.reason ? t('coreWords.deliverability.why', { reason: t(`coreWords.deliverability.reason.${d.reason}`) }) : ''
  return t(d.until === null ? 'coreWords.deliverability.paused' : 'coreWords.deliverability.pausedUntil', { ...words, why })
}

/** The text while paused; once `until` passes the instance list is read again (the hold lifted by itself). */
export function useDeliverabilityText(d: DeliverabilityDto | undefined): string | null {
  const load = useInstancesStore((s) => s.load)
  const until = d?.newContacts === 'paused' ? d.until : null
  useEffect(() => {
    if (until === null) return
    const t = setTimeout(() => void load(), Math.max(0, until - Date.now()) + 1_000)
    return () => clearTimeout(t)
  }, [until, load])
  return deliverabilityText(d)
}
