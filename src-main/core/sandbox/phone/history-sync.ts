// History a phone hands a newly linked companion, and seeding an account so that history is large. A seeded
// phone's history is generated (history-seed.ts), each chunk deflated, encrypted as 'md-msg-hist' media,
// stored on the sandbox media host and announced by a HISTORY_SYNC_NOTIFICATION carrying directPath + mediaKey,
// as the real network does for big histories; Baileys downloads it from mmg.whatsapp.net, which the sandbox's
// socket trust routes to the media host. Seeding also creates the groups in the group store (so metadata queries
// answer) and the labels as app-state patches of the account (so the companion syncs them).
import { randomBytes } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { chatModificationToAppPatch, encodeSyncdPatch, newLTHashState, proto } from '@whiskeysockets/baileys'
import type { SandboxServer } from '../server/context.js'
import { getAccount, listAccounts, listDevices, type Account } from '../store/accounts-repo.js'
import { getGroup, insertGroup } from '../store/groups-repo.js'
import { appendPatches, collectionVersion } from '../store/app-state-repo.js'
import { putMedia } from '../store/media-repo.js'
import { encryptBlob } from '../media/encrypt-blob.js'
import { getSeedJson, putSeed } from '../store/seed-repo.js'
import { sandboxErrors } from '../errors.js'
import { genId, node, tstr } from '../wire/nodes.js'
import { pnJid } from '../wire/jid.js'
import { chunkCount, normalizeSeedSpec, planSeed, seedChunks, type HistorySeedSpec, type SeedPlan } from './history-seed.js'

export interface SeedSummary {
  phone_number: string
  contacts: number
  chats: number
  messages: number
  groups: number
  labels: number
  /** Chat-label associations. */
  labeled_chats: number
  lid_chats: number
  lid_groups: number
  /** HistorySync chunks a pairing delivers (message chunks + one PUSH_NAME chunk). */
  chunks: number
  seed: number
}

const LABEL_NAMES = ['New customer', 'New order', 'Pending payment', 'Paid', 'Order complete', 'VIP', 'Wholesale', 'Follow up', 'Returns', 'Supplier']
/** Every LABEL_EVERY-th chat carries a label. */
const LABEL_EVERY = 5

function summary(plan: SeedPlan, labeledChats: number): SeedSummary {
  const { spec } = plan
  return {
    phone_number: plan.phone,
    contacts: spec.contacts,
    chats: spec.chats,
    messages: spec.messages,
    groups: spec.groups,
    labels: spec.labels,
    labeled_chats: labeledChats,
    lid_chats: plan.chats.filter((c) => c.kind === 'lid').length,
    lid_groups: plan.groups.filter((g) => g.lid).length,
    chunks: chunkCount(plan) + 1,
    seed: spec.seed
  }
}

const labeledChatCount = (plan: SeedPlan) => (plan.spec.labels ? Math.ceil(plan.chats.length / LABEL_EVERY) : 0)

/** Seeds a phone once (before or after pairing; devices linked afterwards get the history). */
export async function seedAccount(s: SandboxServer, phone: string, input: Record<string, unknown>): Promise<SeedSummary> {
  const acc = getAccount(s.db, phone)
  if (!acc) throw sandboxErrors.phoneNotFound(phone)
  if (getSeedJson(s.db, phone)) throw sandboxErrors.invalidRequest(`${phone} is seeded already (a seed is generated once per phone)`)
  const spec = normalizeSeedSpec(phone, input)
  if (spec.labels && collectionVersion(s.db, phone, 'regular') !== 0) {
    throw sandboxErrors.invalidRequest('labels can be seeded only while the account has no app-state patches in "regular"', ['labels'])
  }
  const plan = planSeed(phone, spec, (id) => !!getGroup(s.db, id))
  const labelPatches = await labelPatchesOf(acc, plan)
  s.db.transaction(() => {
    for (const [i, g] of plan.groups.entries()) {
      const t = spec.baseTime - 86_400 * (30 + i)
      // Members who write in the group are seeded contacts, not sandbox accounts: the group store lists the phone.
      insertGroup(s.db, {
        id: g.id, subject: g.subject, subjectTime: t, subjectOwner: phone, creation: t, creator: phone, description: null, descId: null,
        descTime: null, descOwner: null, announce: false, locked: false, inviteCode: null, addressingMode: g.lid ? 'lid' : 'pn', ephemeral: 0,
        memberAddMode: 'admin_add', joinApproval: false
      }, [{ phone, role: 'superadmin' }])
    }
    if (labelPatches.length) {
      const stored = appendPatches(s.db, phone, 'regular', 0, (v, i) => {
        const p = labelPatches[i]!
        p.version = { version: v }
        return Buffer.from(proto.SyncdPatch.encode(p).finish())
      }, labelPatches.length)
      if (stored === undefined) throw sandboxErrors.invalidRequest('the account wrote app-state meanwhile; seed again', ['labels'])
    }
    putSeed(s.db, phone, spec)
  })()
  if (labelPatches.length) {
    // Companions linked already resync the collection, as after any other device's patch.
    for (const d of listDevices(s.db, phone)) {
      if (d.kind !== 'companion') continue
      s.delivery.deliver(
        { phone, deviceId: d.deviceId },
        node('notification', { from: pnJid(phone), type: 'server_sync', id: genId(), t: tstr() }, [
          node('collection', { name: 'regular', version: String(labelPatches.length) })
        ])
      )
    }
  }
  return summary(plan, labeledChatCount(plan))
}

export function seedSummary(s: SandboxServer, phone: string): SeedSummary | undefined {
  const spec = getSeedJson(s.db, phone) as HistorySeedSpec | undefined
  if (!spec) return undefined
  const plan = planSeed(phone, spec, () => false)
  return summary(plan, labeledChatCount(plan))
}

/** The labels (label_edit) and chat labels (label_jid) as app-state patches, encrypted with the account's key. */
async function labelPatchesOf(acc: Account, plan: SeedPlan): Promise<proto.ISyncdPatch[]> {
  const n = plan.spec.labels
  if (!n) return []
  const keyId = acc.appStateKey.keyId.toString('base64')
  const key = proto.Message.AppStateSyncKeyData.fromObject({ keyData: acc.appStateKey.keyData, timestamp: acc.appStateKey.t })
  const getKey = async () => key
  let state = newLTHashState()
  const out: proto.ISyncdPatch[] = []
  const add = async (mod: Parameters<typeof chatModificationToAppPatch>[0], jid: string) => {
    const r = await encodeSyncdPatch(chatModificationToAppPatch(mod, jid), keyId, state, getKey)
    state = r.state
    out.push(r.patch)
  }
  for (let l = 1; l <= n; l++) {
    await add({ addLabel: { id: String(l), name: LABEL_NAMES[(l - 1) % LABEL_NAMES.length]!, color: (l - 1) % 20, deleted: false } }, '')
  }
  for (let i = 0; i < plan.chats.length; i += LABEL_EVERY) {
    await add({ addChatLabel: { labelId: String(1 + ((i / LABEL_EVERY) % n)) } }, plan.chats[i]!.jid)
  }
  return out
}

const pushNamesOfAccounts = (s: SandboxServer): proto.IPushname[] => listAccounts(s.db).map((a) => ({ id: pnJid(a.phone), pushname: a.pushName }))

/**
 * History for a new companion. Unseeded: one small inline INITIAL_BOOTSTRAP (the sandbox's accounts' names), so
 * Baileys does not wait 20 s for history. Seeded: every chunk as an encrypted media blob, one notification each,
 * yielding to the event loop between chunks (a 100k-message history must not stall the network).
 */
export async function sendInitialHistory(s: SandboxServer, phone: string, send: (m: proto.IMessage) => void): Promise<void> {
  const spec = getSeedJson(s.db, phone) as HistorySeedSpec | undefined
  if (!spec) {
    const history = proto.HistorySync.encode({
      syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
      conversations: [],
      pushnames: pushNamesOfAccounts(s),
      progress: 100
    }).finish()
    send({
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION,
        historySyncNotification: {
          syncType: proto.Message.HistorySyncType.INITIAL_BOOTSTRAP,
          initialHistBootstrapInlinePayload: deflateSync(history),
          chunkOrder: 0,
          progress: 100
        }
      }
    })
    return
  }
  const plan = planSeed(phone, spec, () => false)
  for (const chunk of seedChunks(plan, pushNamesOfAccounts(s))) {
    const plain = deflateSync(proto.HistorySync.encode(chunk.payload).finish())
    const blob = encryptBlob(plain, 'md-msg-hist')
    const directPath = `/m/hist-${randomBytes(16).toString('hex')}`
    putMedia(s.db, directPath, blob.body)
    const oldest = chunk.payload.conversations?.flatMap((c) => c.messages ?? []).reduce((m, x) => Math.min(m, Number(x.message?.messageTimestamp ?? m)), Infinity)
    send({
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION,
        historySyncNotification: {
          syncType: chunk.syncType as number as proto.Message.HistorySyncType,
          directPath,
          mediaKey: blob.mediaKey,
          fileSha256: blob.fileSha256,
          fileEncSha256: blob.fileEncSha256,
          fileLength: blob.body.length,
          chunkOrder: chunk.chunkOrder,
          progress: chunk.progress,
          oldestMsgInChunkTimestampSec: Number.isFinite(oldest) ? oldest : undefined
        }
      }
    })
    await new Promise((r) => setImmediate(r))
  }
}
