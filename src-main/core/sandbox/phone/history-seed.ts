// A seeded account, generated deterministically from (phone, counts, PRNG seed): its contacts (PN + LID), 1:1
// chats addressed by PN or by LID, groups, and the messages of every chat, cut into HistorySync chunks the way a
// real phone sends them to a new companion (INITIAL_BOOTSTRAP, then RECENT, then PUSH_NAME). Pure: no I/O, so the
// same spec always yields the same history (ids, texts, timestamps), and chunks are built lazily, one at a time.
import { proto } from '@whiskeysockets/baileys'
import { prng } from '../../domain/prng.js'
import { sandboxErrors } from '../errors.js'
import { groupJid, lidJid, pnJid } from '../wire/jid.js'

export interface HistorySeedSpec {
  contacts: number
  /** 1:1 chats + groups. */
  chats: number
  messages: number
  groups: number
  labels: number
  /** Share (0..1) of 1:1 chats and of groups addressed by LID. */
  lidShare: number
  /** PRNG seed. */
  seed: number
  /** Seconds: the newest message's time (history ends "now" at seeding). */
  baseTime: number
}

export const SEED_LIMITS = { contacts: 50_000, chats: 20_000, messages: 500_000, groups: 1_000, labels: 20 } as const
/** Messages per HistorySync chunk (real phones send a few thousand at most per blob). */
export const CHUNK_MESSAGES = 2_000

export interface SeedContact {
  pn: string
  lid: string
  name: string
}

export interface SeedGroup {
  /** Digits of the group id (JID without @g.us). */
  id: string
  subject: string
  lid: boolean
  /** Indexes into contacts: who writes in it. */
  members: number[]
}

export interface SeedChat {
  jid: string
  kind: 'pn' | 'lid' | 'group'
  contact?: number
  group?: number
  count: number
  /** Seconds of the newest message. */
  lastTs: number
}

export interface SeedPlan {
  phone: string
  spec: HistorySeedSpec
  contacts: SeedContact[]
  groups: SeedGroup[]
  /** Newest first. */
  chats: SeedChat[]
}

export interface SeedChunk {
  syncType: proto.HistorySync.HistorySyncType
  chunkOrder: number
  progress: number
  messages: number
  payload: proto.IHistorySync
}

/** FNV-1a of a string, for seeds derived from names. */
export function hash32(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h >>> 0
}

const FIRST = ['Ana', 'Ben', 'Chloé', 'Dmitri', 'Eun-ji', 'Fatima', 'Gustavo', 'Hana', 'Ibrahim', 'Jonas', 'Kemal', 'Lucía', 'Mei', 'Nuno', 'Olu', 'Priya', 'Quentin', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Valentina', 'Wei', 'Ximena', 'Yusuf', 'Zoë']
const LAST = ['Silva', 'Müller', 'Nguyen', 'Okafor', 'Kowalski', 'García', 'Haddad', 'Tanaka', 'Rossi', 'Dubois', 'Singh', 'Ivanova', 'Cohen', 'Andersen', 'Mensah', 'Park']
const WORDS = 'ok thanks see you tomorrow the order is ready can we talk later price delivery address sent invoice please call me when done great perfect yes no maybe lunch meeting at 3 photo of the receipt new stock arrived'.split(' ')
const GROUP_NAMES = ['Family', 'Suppliers', 'Team', 'Neighbours', 'Football', 'Book club', 'Orders', 'Weekend trip', 'Parents', 'Support']

const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1))
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!

function count(input: Record<string, unknown>, key: string, max: number, fallback: number): number {
  const v = input[key] ?? fallback
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) {
    throw sandboxErrors.invalidRequest(`${key} must be an integer from 0 to ${max}`, [key])
  }
  return v
}

/** Validates the admin route's body (snake_case lid_share) into a spec; seed defaults to one derived from the phone. */
export function normalizeSeedSpec(phone: string, input: Record<string, unknown>, now = Math.floor(Date.now() / 1000)): HistorySeedSpec {
  const contacts = count(input, 'contacts', SEED_LIMITS.contacts, 500)
  const chats = count(input, 'chats', SEED_LIMITS.chats, Math.min(200, contacts))
  const messages = count(input, 'messages', SEED_LIMITS.messages, 5_000)
  const groups = count(input, 'groups', SEED_LIMITS.groups, Math.min(20, chats))
  const labels = count(input, 'labels', SEED_LIMITS.labels, 5)
  const lidShare = input.lid_share ?? input.lidShare ?? 0.3
  if (typeof lidShare !== 'number' || !(lidShare >= 0 && lidShare <= 1)) throw sandboxErrors.invalidRequest('lid_share must be a number from 0 to 1', ['lid_share'])
  if (groups > chats) throw sandboxErrors.invalidRequest('groups are chats too: groups must not exceed chats', ['groups'])
  if (chats - groups > contacts) throw sandboxErrors.invalidRequest('each 1:1 chat needs a contact: chats - groups must not exceed contacts', ['contacts'])
  if (groups && !contacts) throw sandboxErrors.invalidRequest('groups need contacts to write in them', ['contacts'])
  const seed = input.seed ?? hash32(phone)
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 2 ** 32 - 1) throw sandboxErrors.invalidRequest('seed must be an unsigned 32-bit integer', ['seed'])
  return { contacts, chats, messages, groups, labels, lidShare, seed, baseTime: now }
}

/** Contacts, groups and chats with their message counts; messages themselves are made per chunk. */
export function planSeed(phone: string, spec: HistorySeedSpec, groupIdTaken: (id: string) => boolean = () => false): SeedPlan {
  const r = prng(spec.seed)
  // Numbers under a prefix of the seed: seeded phones that share a seed share contacts, as real address books do.
  const prefix = String(100 + (spec.seed % 900))
  const contacts: SeedContact[] = Array.from({ length: spec.contacts }, (_, i) => {
    const pn = `99${prefix}${String(i).padStart(7, '0')}`
    // A LID is a function of the number only, so every seeded account sees the same pair.
    const lid = String(100_000_000_000_000n + BigInt(pn) * 7n).slice(0, 15)
    return { pn, lid, name: `${pick(r, FIRST)} ${pick(r, LAST)}` }
  })
  const groups: SeedGroup[] = []
  for (let g = 0; g < spec.groups; g++) {
    let id: string
    do id = `120363${String(int(r, 10 ** 11, 10 ** 12 - 1))}`
    while (groupIdTaken(id) || groups.some((x) => x.id === id))
    const size = Math.min(spec.contacts, int(r, 3, 30))
    const members = new Set<number>()
    while (members.size < size) members.add(int(r, 0, spec.contacts - 1))
    groups.push({ id, subject: `${pick(r, GROUP_NAMES)} ${g + 1}`, lid: r() < spec.lidShare, members: [...members] })
  }
  // Which recency slots are groups: spread through the list, not all at the top.
  const kinds: ('one' | 'group')[] = [...Array(spec.chats - spec.groups).fill('one'), ...Array(spec.groups).fill('group')]
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = int(r, 0, i)
    ;[kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!]
  }
  let nextContact = 0
  let nextGroup = 0
  let ts = spec.baseTime
  const chats: SeedChat[] = kinds.map((k) => {
    ts -= int(r, 30, 900)
    if (k === 'group') {
      const g = nextGroup++
      return { jid: groupJid(groups[g]!.id), kind: 'group', group: g, count: 0, lastTs: ts }
    }
    const c = nextContact++
    const lid = r() < spec.lidShare
    return { jid: lid ? lidJid(contacts[c]!.lid) : pnJid(contacts[c]!.pn), kind: lid ? 'lid' : 'pn', contact: c, count: 0, lastTs: ts }
  })
  // One message per chat first, the rest skewed to recent chats (as real accounts are).
  let left = spec.messages
  for (const c of chats) if (left > 0) (c.count++, left--)
  while (left > 0 && chats.length) {
    chats[Math.floor(chats.length * r() ** 2)]!.count++
    left--
  }
  return { phone, spec, contacts, groups, chats }
}

function chatMessages(plan: SeedPlan, index: number): proto.IWebMessageInfo[] {
  const chat = plan.chats[index]!
  const r = prng(hash32(`${plan.spec.seed}/${index}`))
  const group = chat.group !== undefined ? plan.groups[chat.group] : undefined
  const out: proto.IWebMessageInfo[] = []
  let ts = chat.lastTs
  for (let k = 0; k < chat.count; k++) {
    const fromMe = r() < 0.4
    const id = `3EB0${Array.from({ length: 4 }, () => Math.floor(r() * 65536).toString(16).padStart(4, '0')).join('').toUpperCase()}`
    const text = Array.from({ length: int(r, 1, 12) }, () => pick(r, WORDS)).join(' ')
    const author = group ? plan.contacts[group.members[int(r, 0, group.members.length - 1)]!]! : undefined
    out.push({
      key: {
        remoteJid: chat.jid,
        fromMe,
        id,
        participant: group && !fromMe ? (group.lid ? lidJid(author!.lid) : pnJid(author!.pn)) : undefined
      },
      message: { conversation: text },
      messageTimestamp: ts,
      pushName: fromMe ? undefined : (author ?? plan.contacts[chat.contact!])?.name,
      status: fromMe ? (r() < 0.8 ? proto.WebMessageInfo.Status.READ : proto.WebMessageInfo.Status.DELIVERY_ACK) : undefined
    })
    ts -= int(r, 20, 7_200)
  }
  return out
}

/** LID↔PN pairs a chunk reveals: its LID-addressed chats and the authors of its LID groups. */
function mappingsOf(plan: SeedPlan, chats: number[]): proto.IPhoneNumberToLIDMapping[] {
  const seen = new Set<number>()
  for (const i of chats) {
    const c = plan.chats[i]!
    if (c.kind === 'lid') seen.add(c.contact!)
    if (c.kind === 'group' && plan.groups[c.group!]!.lid) for (const m of plan.groups[c.group!]!.members) seen.add(m)
  }
  return [...seen].map((i) => ({ pnJid: pnJid(plan.contacts[i]!.pn), lidJid: lidJid(plan.contacts[i]!.lid) }))
}

function conversation(plan: SeedPlan, index: number, messages: proto.IWebMessageInfo[], unread: number): proto.IConversation {
  const c = plan.chats[index]!
  const base: proto.IConversation = {
    id: c.jid,
    conversationTimestamp: c.lastTs,
    unreadCount: unread,
    messages: messages.map((message, i) => ({ message, msgOrderId: i + 1 }))
  }
  if (c.kind === 'group') return { ...base, name: plan.groups[c.group!]!.subject }
  const contact = plan.contacts[c.contact!]!
  // PN chats carry their LID half of the time; LID chats never carry their number (it comes in the mapping list).
  return c.kind === 'pn' && index % 2 === 0 ? { ...base, name: contact.name, lidJid: lidJid(contact.lid) } : { ...base, name: contact.name }
}

/** Number of message chunks (without the PUSH_NAME chunk); at least 1, an empty INITIAL_BOOTSTRAP. Mirrors seedChunks. */
export function chunkCount(plan: SeedPlan): number {
  let chunks = 0
  let inChunk = 0
  let open = false
  for (const c of plan.chats) {
    let left = c.count
    do {
      open = true
      const take = Math.min(left, CHUNK_MESSAGES - inChunk)
      left -= take
      inChunk += take
      if (inChunk >= CHUNK_MESSAGES) {
        chunks++
        inChunk = 0
        open = false
      }
    } while (left > 0)
  }
  return Math.max(1, chunks + (open ? 1 : 0))
}

/**
 * The chunks in delivery order: chunk 0 INITIAL_BOOTSTRAP, the rest RECENT (the last at progress 100), then one
 * PUSH_NAME chunk with every contact's name (plus `extraPushNames`, e.g. the sandbox's own accounts). A chat with
 * more messages than a chunk holds is split across chunks, newest part first.
 */
export function* seedChunks(plan: SeedPlan, extraPushNames: proto.IPushname[] = []): Generator<SeedChunk> {
  const total = chunkCount(plan)
  let order = 0
  let convs: proto.IConversation[] = []
  let chatIdx: number[] = []
  let inChunk = 0
  const flush = (): SeedChunk => {
    const chunk: SeedChunk = {
      syncType: order === 0 ? proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP : proto.HistorySync.HistorySyncType.RECENT,
      chunkOrder: order,
      progress: Math.round(((order + 1) / Math.max(total, 1)) * 100),
      messages: inChunk,
      payload: {
        syncType: order === 0 ? proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP : proto.HistorySync.HistorySyncType.RECENT,
        chunkOrder: order,
        progress: Math.round(((order + 1) / Math.max(total, 1)) * 100),
        conversations: convs,
        phoneNumberToLidMappings: mappingsOf(plan, chatIdx)
      }
    }
    order++
    convs = []
    chatIdx = []
    inChunk = 0
    return chunk
  }
  for (let i = 0; i < plan.chats.length; i++) {
    const all = chatMessages(plan, i)
    let from = 0
    do {
      const part = all.slice(from, from + (CHUNK_MESSAGES - inChunk))
      // Unread counts ride the newest part only.
      convs.push(conversation(plan, i, part, from === 0 && i % 7 === 0 ? Math.min(3, all.length) : 0))
      chatIdx.push(i)
      from += part.length
      inChunk += part.length
      if (inChunk >= CHUNK_MESSAGES) yield flush()
    } while (from < all.length)
  }
  if (convs.length || order === 0) yield flush()
  yield {
    syncType: proto.HistorySync.HistorySyncType.PUSH_NAME,
    chunkOrder: order,
    progress: 100,
    messages: 0,
    payload: {
      syncType: proto.HistorySync.HistorySyncType.PUSH_NAME,
      chunkOrder: order,
      progress: 100,
      pushnames: [...plan.contacts.map((c) => ({ id: pnJid(c.pn), pushname: c.name })), ...extraPushNames]
    }
  }
}
