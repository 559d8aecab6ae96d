// A sent message's state next to its time: the tick, and for a message that waits, why and until when (the
// queue's reason, counted down), and for one a restart dropped, Resend (a new message with the same content; the
// core lists which failed messages can be resent: others, e.g. refused by the network, cannot).
import { useTranslation } from 'react-i18next'
import { useEffect } from 'react'
import type { MessageDto } from '../../../src-preload/contract/dto.js'
import { i18n } from '../../i18n/index.js'
import { Tick } from '../../components/Tick.js'
import { useNow } from '../../components/use-now.js'
import { explainWait } from '../../lib/queue-words.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { coreNow, useQueueStore } from '../../stores/queue-store.js'

/** How often a waiting bubble refreshes its reason (the queue moves without pushes of its own). */
const REFRESH_MS = 3_000

function WaitReason({ instanceId, messageId }: { instanceId: string; messageId: string }) {
  const snap = useQueueStore((s) => s.info[instanceId])
  const load = useQueueStore((s) => s.load)
  const now = useNow(1_000)
  useEffect(() => {
    void load(instanceId)
    const t = setInterval(() => void load(instanceId), REFRESH_MS)
    return () => clearInterval(t)
  }, [instanceId, messageId, load])
  const w = snap?.dto.waiting.find((x) => x.messageId === messageId)
  if (!snap || !w) return null
  return <span className="wait-reason">{explainWait(w, snap.dto, coreNow(snap, now))}</span>
}

function Resend({ instanceId, messageId }: { instanceId: string; messageId: string }) {
  const state = useQueueStore((s) => s.resent[messageId])
  const resendable = useQueueStore((s) => !!s.info[instanceId]?.dto.resendable.includes(messageId))
  const resend = useQueueStore((s) => s.resend)
  const load = useQueueStore((s) => s.load)
  // It just turned Not sent: ask the core now whether it can go again (a load from before the restart would not know).
  useEffect(() => {
    void load(instanceId, true)
  }, [instanceId, messageId, load])
  const { t } = useTranslation()
  if (state === 'done') return <span className="muted">{t('message.resent')}</span>
  if (!resendable && state !== 'busy') return null
  return (
    <button type="button" className="link resend" disabled={state === 'busy'} onClick={() => void resend(instanceId, messageId)} aria-label={t('message.resendThis')}>
      {t('message.resend')}
    </button>
  )
}

/** The core's reason a message was not sent, as a short clause after "Not sent": by its code in the UI's language
 *  (uiWords.notSent), else (English, an unknown code) the core's sentence. */
export function notSentWords(error: string, code: string | null | undefined): string {
  const key = `uiWords.notSent.${code ?? ''}`
  if (code && i18n.language !== 'en' && i18n.exists(key)) return `: ${i18n.t(key)}`
  return `: ${error.replace(/^the /, '')}`
}

export function MessageStatus({ m }: { m: MessageDto }) {
  const instanceId = useChatsStore((s) => s.thread?.instanceId ?? s.instanceId)
  if (!m.fromMe || !m.ack) return null
  return (
    <>
      <Tick ack={m.ack} />
      {m.ack === 'pending' && instanceId ? <WaitReason instanceId={instanceId} messageId={m.id} /> : null}
      {m.ack === 'failed' && m.queue?.error ? <span className="not-sent-reason muted small">{notSentWords(m.queue.error, m.queue.errorCode)}</span> : null}
      {m.ack === 'failed' && instanceId ? <Resend instanceId={instanceId} messageId={m.id} /> : null}
    </>
  )
}
