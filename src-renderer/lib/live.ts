// Push events from the core -> the stores that show them. Wired once at start-up; returns the unsubscribe.
import type { Bridge } from '../../src-preload/contract/client.js'
import { useAppStore } from '../stores/app-store.js'
import { useCampaignsStore } from '../stores/campaigns-store.js'
import { useChatsStore } from '../stores/chats-store.js'
import { useInstancesStore } from '../stores/instances-store.js'
import { usePairingStore } from '../stores/pairing-store.js'
import { useSandboxStore } from '../stores/sandbox-store.js'
import { useWebhooksStore } from '../stores/webhooks-store.js'

export function wireLiveUpdates(b: Bridge): () => void {
  const offs = [
    b.onConnection((state) => useAppStore.getState().setConnection(state)),
    b.on('instance.status', (e) => {
      useInstancesStore.getState().applyStatus(e)
      useChatsStore.getState().instanceChanged(e.instanceId)
      usePairingStore.getState().instanceChanged(e.instanceId, e.status)
    }),
    b.on('instances.changed', () => void useInstancesStore.getState().load()),
    b.on('instance.qr', (e) => usePairingStore.getState().applyQr(e)),
    b.on('webhook.attempt', (e) => useWebhooksStore.getState().applyAttempt(e)),
    b.on('chat.message', (e) => useChatsStore.getState().applyMessage(e)),
    b.on('chat.ack', (e) => useChatsStore.getState().applyAck(e)),
    b.on('sandbox.changed', () => {
      if (useSandboxStore.getState().phones) void useSandboxStore.getState().load()
    }),
    b.on('campaign.status', (e) => useCampaignsStore.getState().applyStatus(e)),
    b.on('campaign.progress', (e) => useCampaignsStore.getState().applyProgress(e)),
    b.on('campaign.optOut', () => {
      if (useCampaignsStore.getState().optOuts) void useCampaignsStore.getState().loadOptOuts()
    })
  ]
  // Back after an outage: statuses may have changed meanwhile (the views reload their own data too).
  offs.push(
    useAppStore.subscribe((s, prev) => {
      if (s.reconnects !== prev.reconnects && useInstancesStore.getState().overview) void useInstancesStore.getState().load()
    })
  )
  useAppStore.getState().setConnection(b.connectionState())
  return () => offs.forEach((off) => off())
}
