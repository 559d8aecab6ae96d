// The network's hold on new contacts (463 reach-out timelock, 475 message capping) in words, for the instance card
// and the Chats view's note; the hook re-reads the instances when the hold should have lifted by itself.
import { useEffect } from 'react'
import type { DeliverabilityDto } from '../../src-preload/contract/dto.js'
import { useInstancesStore } from '../stores/instances-store.js'
import { formatTime } from './format.js'

const REASON: Record<NonNullable<DeliverabilityDto['reason']>, string> = {
  reachout_timelock: 'the network’s reach-out limit',
  message_cap: 'the network’s cap on new chats',
  account_restricted: 'the network restricted this number'
}

/** "New contacts paused until 10:42 (the network's reach-out limit) — replies still go out; 2 held", or null when not paused. */
export function deliverabilityText(d: DeliverabilityDto | undefined, now = Date.now()): string | null {
  if (!d || d.newContacts !== 'paused' || (d.until !== null && d.until <= now)) return null
  const until = d.until === null ? '' : ` until ${formatTime(d.until)}`
  // Account-wide (a 463 on a chat it had written to): nothing goes out, replies included.
  if (d.state === 'restricted' || d.reason === 'account_restricted') return `Restricted: all sends paused${until} — ${d.held} held`
  const why = d.reason ? ` (${REASON[d.reason]})` : ''
  return `New contacts paused${until}${why} — replies still go out; ${d.held} held`
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
