// Channels: a settings notification (the channel's admins renamed it or changed its description) keeps the
// instance's known-channels list (account/channels/channels-repo.ts) in step and publishes channel.changed.
import type { BaileysEventMap } from '@whiskeysockets/baileys'
import { patchChannelSettings } from '../../db/repositories/channels-repo.js'
import type { IngestContext } from './context.js'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A setting arrives as `{ text }` or as a plain string, depending on the notification's shape. */
function textOf(update: Record<string, unknown>, field: 'name' | 'description'): string | undefined {
  const v = update[field]
  const text = isRecord(v) ? v.text : v
  return typeof text === 'string' ? text : undefined
}

export function ingestChannelSettings(ctx: IngestContext, s: BaileysEventMap['newsletter-settings.update']): void {
  const update: unknown = s.update
  if (!s.id || !isRecord(update)) return
  const name = textOf(update, 'name')
  const description = textOf(update, 'description')
  const patch = { ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}) }
  patchChannelSettings(ctx.db, ctx.instanceId, s.id, patch, ctx.now)
  ctx.publish('channel.changed', { channelId: s.id, ...patch })
}
