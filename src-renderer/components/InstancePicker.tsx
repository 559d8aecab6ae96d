// Chooses the instance a view works on (pairing, chats, policies, webhooks); remembers it in the app store. When
// the instance on screen disappears (deleted here, in another tab or through the API) it says so instead of
// silently showing another one, where the next click would act on the wrong instance. Each instance shows its
// unread messages (the core's count, kept live by lib/live.ts).
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppStore } from '../stores/app-store.js'
import { useInstancesStore } from '../stores/instances-store.js'
import { useUnreadStore } from '../stores/unread-store.js'
import { Notice } from './ErrorNote.js'
import { StatusBadge } from './StatusBadge.js'
import { formatNumber } from '../lib/format.js'

/** The unread counts (kept live by lib/live.ts); loaded when a picker first shows. */
function useLiveUnread(): Record<string, { unread: number }> {
  const byInstance = useUnreadStore((s) => s.byInstance)
  useEffect(() => {
    if (!useUnreadStore.getState().loaded) void useUnreadStore.getState().load()
  }, [])
  return byInstance
}

export function InstancePicker() {
  const unread = useLiveUnread()
  const overview = useInstancesStore((s) => s.overview)
  const load = useInstancesStore((s) => s.load)
  const instanceId = useAppStore((s) => s.instanceId)
  const select = useAppStore((s) => s.selectInstance)
  const go = useAppStore((s) => s.go)
  const [gone, setGone] = useState<string | null>(null)
  const { t } = useTranslation()
  /** The instance shown last (its name outlives its deletion). */
  const shown = useRef<{ id: string; name: string } | null>(null)
  useEffect(() => {
    if (!overview) void load()
  }, [overview, load])
  const instances = overview?.instances ?? []
  const current = instances.find((i) => i.id === instanceId)
  useEffect(() => {
    if (!overview) return
    const lost = shown.current && !instances.some((i) => i.id === shown.current!.id) ? shown.current : null
    if (lost) setGone(instances[0] ? t('picker.deletedNow', { name: lost.name, id: lost.id, now: instances[0].name }) : t('picker.deleted', { name: lost.name, id: lost.id }))
    if (instances.length && !current) select(instances[0]!.id)
    const now = current ?? instances[0]
    shown.current = now ? { id: now.id, name: now.name } : null
  }, [overview, instances, current, select, t])
  if (!overview) return null
  const othersUnread = instances.filter((i) => i.id !== instanceId).reduce((n, i) => n + (unread[i.id]?.unread ?? 0), 0)
  const notice = gone ? <Notice onDismiss={() => setGone(null)}>{gone}</Notice> : null
  if (!instances.length) {
    return (
      <div className="picker">
        {notice}
        <button type="button" className="primary" onClick={() => go('instances')}>
          {t('picker.createFirst')}
        </button>
      </div>
    )
  }
  return (
    <div className="picker">
      <div className="row">
        <label htmlFor="instance-picker">{t('picker.instance')}</label>
        <select
          id="instance-picker"
          value={instanceId ?? ''}
          onChange={(e) => {
            setGone(null)
            select(e.target.value)
          }}
        >
          {instances.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name} ({i.id}){unread[i.id]?.unread ? ` — ${t('picker.unread', { n: formatNumber(unread[i.id]!.unread) })}` : ''}
            </option>
          ))}
        </select>
        {current ? <StatusBadge status={current.status} /> : null}
        {othersUnread ? <span className="muted small unread-count" data-testid="unread-elsewhere">{t('picker.unreadElsewhere', { n: formatNumber(othersUnread) })}</span> : null}
      </div>
      {notice}
    </div>
  )
}
