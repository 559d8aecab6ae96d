// Push events from the core -> the stores that show them. Wired once at start-up; returns the unsubscribe. The
// unread counts (title, tray, instance picker) reload on what changes them; the store coalesces the reloads.
import type { Bridge } from '../../src-preload/contract/client.js'
import { useAppStore } from '../stores/app-store.js'
import { useCampaignsStore } from '../stores/campaigns-store.js'
import { useChatsStore } from '../stores/chats-store.js'
import { useInstancesStore } from '../stores/instances-store.js'
import { usePairingStore } from '../stores/pairing-store.js'
import { useSandboxStore } from '../stores/sandbox-store.js'
import { useUnreadStore } from '../stores/unread-store.js'
import { useWebhooksStore } from '../stores/webhooks-store.js'

/** Reads of the instance list for a changed held count, at most one per this many ms. */
const HELD_REFRESH_MS = 500

export function wireLiveUpdates(b: Bridge): () => void {
  // While the network pauses new contacts, our sends and their ticks change how many are held: the count shown
  // ("2 held") is read again instead of staying at what it was when the pause began.
  let heldTimer: ReturnType<typeof setTimeout> | undefined
  const heldMayChange = (instanceId: string) => {
    const i = useInstancesStore.getState().overview?.instances.find((x) => x.id === instanceId)
    if (i?.deliverability.newContacts !== 'paused' || heldTimer) return
    heldTimer = setTimeout(() => {
      heldTimer = undefined
      void useInstancesStore.getState().load()
    }, HELD_REFRESH_MS)
  }
  const offs = [
    b.onConnection((state) => useAppStore.getState().setConnection(state)),
    b.on('instance.status', (e) => {
      useInstancesStore.getState().applyStatus(e)
      useChatsStore.getState().instanceChanged(e.instanceId)
      usePairingStore.getState().instanceChanged(e.instanceId, e.status)
    }),
    b.on('instances.changed', (e) => {
      void useInstancesStore.getState().load()
      if (e.change === 'deleted') void useUnreadStore.getState().load()
    }),
    b.on('instance.qr', (e) => usePairingStore.getState().applyQr(e)),
    b.on('webhook.attempt', (e) => useWebhooksStore.getState().applyAttempt(e)),
    b.on('chat.message', (e) => {
      useChatsStore.getState().applyMessage(e)
      if (!e.message.fromMe) void useUnreadStore.getState().load()
      else heldMayChange(e.instanceId)
    }),
    b.on('chat.ack', (e) => {
      useChatsStore.getState().applyAck(e)
      heldMayChange(e.instanceId)
    }),
    b.on('sandbox.changed', () => {
      if (useSandboxStore.getState().phones) void useSandboxStore.getState().load()
    }),
    b.on('campaign.status', (e) => useCampaignsStore.getState().applyStatus(e)),
    b.on('campaign.progress', (e) => useCampaignsStore.getState().applyProgress(e)),
    b.on('campaign.optOut', () => {
      if (useCampaignsStore.getState().optOuts) void useCampaignsStore.getState().loadOptOuts()
    })
  ]
  // A chat read here (its unread count dropped in the list): the core's count dropped too.
  const unreadOf = (chats: { unreadCount: number }[]) => chats.reduce((n, c) => n + Math.max(0, c.unreadCount), 0)
  offs.push(
    useChatsStore.subscribe((st, prev) => {
      if (st.chats !== prev.chats && unreadOf(st.chats) < unreadOf(prev.chats)) void useUnreadStore.getState().load()
    })
  )
  // Back after an outage: statuses may have changed meanwhile (the views reload their own data too).
  offs.push(
    useAppStore.subscribe((s, prev) => {
      if (s.reconnects === prev.reconnects) return
      if (useInstancesStore.getState().overview) void useInstancesStore.getState().load()
      void useUnreadStore.getState().load()
    })
  )
  void useUnreadStore.getState().load()
  useAppStore.getState().setConnection(b.connectionState())
  return () => {
    clearTimeout(heldTimer)
    offs.forEach((off) => off())
  }
}
