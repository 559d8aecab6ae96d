// Sandbox: simulated phones, their actions (scan an instance's QR, type a pairing code, send as the person, read
// what they received: the senders' ticks turn Read), their settings and history seed, their inboxes, and network
// faults. Only used when the core runs the sandbox network. A success notice goes away with the phone's (or the
// faults panel's) next action, after NOTICE_MS, or when dismissed. Phones are kept in number order.
import { create } from 'zustand'
import type { SandboxMessageDto, SandboxPhoneDto, SandboxPhoneSettingsDto } from '../../src-preload/contract/dto.js'
import type { RequestOf } from '../../src-preload/contract/channels.js'
import { FAULTS, type SandboxFault } from '../../src-preload/contract/sandbox-faults.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { t } from '../i18n/index.js'
import { formatDateTime, formatNumber } from '../lib/format.js'
import { faultWords } from '../lib/fault-words.js'
import { runAction } from './run-action.js'

/** What a phone is doing right now, and the outcome of its last action. */
export interface PhoneActivity {
  busy: 'scan' | 'code' | 'send' | 'read' | 'settings' | 'seed' | null
  error: UiError | null
  notice: string | null
}

interface SandboxState {
  phones: SandboxPhoneDto[] | null
  loading: boolean
  creating: boolean
  error: UiError | null
  activity: Record<string, PhoneActivity>
  /** The faults panel's own activity (keyed apart from the phones). */
  faults: { busy: boolean; error: UiError | null; notice: string | null }
  inbox: Record<string, SandboxMessageDto[]>
  load(): Promise<void>
  createPhone(phoneNumber: string, name: string): Promise<boolean>
  scanQr(phoneNumber: string, instanceId: string): Promise<boolean>
  enterCode(phoneNumber: string, code: string): Promise<boolean>
  sendText(phoneNumber: string, to: string, text: string): Promise<boolean>
  /** The person sends a file (a photo from the card's picker), the text as its caption. */
  sendFile(phoneNumber: string, to: string, file: { name: string; mimetype: string; base64: string }, caption: string): Promise<boolean>
  loadInbox(phoneNumber: string): Promise<void>
  readInbox(phoneNumber: string): Promise<boolean>
  setPhoneSettings(phoneNumber: string, change: SettingsChange): Promise<boolean>
  seedHistory(phoneNumber: string, counts: Omit<RequestOf<'sandbox.seedHistory'>, 'phoneNumber'>): Promise<boolean>
  applyFault(fault: SandboxFault): Promise<boolean>
  dismissFaultNotice(): void
  dismissNotice(phoneNumber: string): void
}

export type SettingsChange = Omit<RequestOf<'sandbox.setPhoneSettings'>, 'phoneNumber'>

/** Phones in numeric order (a shorter number is smaller; as text, 999 sorted after 15550000001); stable. */
export const byNumber = <T extends { phoneNumber: string }>(phones: readonly T[]): T[] =>
  [...phones].sort((a, b) => a.phoneNumber.length - b.phoneNumber.length || (a.phoneNumber < b.phoneNumber ? -1 : a.phoneNumber > b.phoneNumber ? 1 : 0))

const idle: PhoneActivity = { busy: null, error: null, notice: null }

const BAN_KEYS = { 403: 'sandboxNotices.ban403', 402: 'sandboxNotices.ban402', 406: 'sandboxNotices.ban406' } as const

/** What a settings change did, in words. */
export function settingsNotice(c: SettingsChange, s: SandboxPhoneSettingsDto): string {
  const parts: string[] = []
  if (c.hideNumber !== undefined) parts.push(s.hideNumber ? t('sandboxNotices.numberHidden') : t('sandboxNotices.numberShown'))
  if (c.newContacts !== undefined || c.timelockUntil !== undefined) {
    parts.push(
      s.newContacts === 'timelock'
        ? s.timelockUntil
          ? t('sandboxNotices.timelockUntil', { until: formatDateTime(s.timelockUntil) })
          : t('sandboxNotices.timelock')
        : t('sandboxNotices.newChatsAllowed')
    )
  }
  if (c.messageCap !== undefined) parts.push(s.messageCap === null ? t('sandboxNotices.noCap') : t('sandboxNotices.capped', { cap: formatNumber(s.messageCap), n: formatNumber(s.newChats) }))
  if (c.banned !== undefined) parts.push(s.banned ? t('sandboxNotices.banned', { how: t(BAN_KEYS[s.banned]) }) : t('sandboxNotices.banLifted'))
  return parts.join('. ') || t('sandboxNotices.saved')
}
export const NOTICE_MS = 8_000

export const useSandboxStore = create<SandboxState>()((set, get) => {
  const patch = (phone: string, change: Partial<PhoneActivity>) => set((s) => ({ activity: { ...s.activity, [phone]: { ...(s.activity[phone] ?? idle), ...change } } }))
  /** Each notice's number per phone: a timer clears only the notice it was started for. */
  const shown = new Map<string, number>()
  const showNotice = (phone: string, notice: string) => {
    const n = (shown.get(phone) ?? 0) + 1
    shown.set(phone, n)
    patch(phone, { notice })
    setTimeout(() => {
      if (shown.get(phone) === n) patch(phone, { notice: null })
    }, NOTICE_MS)
  }
  const act = async (phone: string, busy: NonNullable<PhoneActivity['busy']>, run: () => Promise<unknown>, notice: string | (() => string)) => {
    shown.set(phone, (shown.get(phone) ?? 0) + 1)
    set((s) => ({ activity: { ...s.activity, [phone]: { busy, error: null, notice: null } } }))
    return runAction(
      async () => {
        await run()
        set((s) => ({ activity: { ...s.activity, [phone]: { ...idle } } }))
        showNotice(phone, typeof notice === 'string' ? notice : notice())
        return true
      },
      { fail: (error) => set((s) => ({ activity: { ...s.activity, [phone]: { ...idle, error } } })), fallback: false }
    )
  }
  const fail = (error: UiError) => set({ error })
  /** The faults panel's notice number: a timer clears only its own notice. */
  let faultSeq = 0
  return {
    phones: null,
    loading: false,
    creating: false,
    error: null,
    activity: {},
    faults: { busy: false, error: null, notice: null },
    inbox: {},
    async load() {
      set({ loading: true })
      await runAction(async () => set({ phones: byNumber(await call(bridge().sandbox.phones())), error: null }), { fail, settle: () => set({ loading: false }) })
    },
    async createPhone(phoneNumber, name) {
      set({ creating: true, error: null })
      return runAction(
        async () => {
          await call(bridge().sandbox.createPhone({ phoneNumber, ...(name.trim() ? { name: name.trim() } : {}) }))
          await get().load()
          return true
        },
        { fail, settle: () => set({ creating: false }), fallback: false }
      )
    },
    scanQr: (phoneNumber, instanceId) =>
      act(phoneNumber, 'scan', () => call(bridge().sandbox.scanQr({ phoneNumber, instanceId })), t('sandboxNotices.scanned')),
    enterCode: (phoneNumber, code) =>
      act(phoneNumber, 'code', () => call(bridge().sandbox.enterCode({ phoneNumber, code })), t('sandboxNotices.codeAccepted')),
    sendText: (phoneNumber, to, text) =>
      act(
        phoneNumber,
        'send',
        async () => {
          await call(bridge().sandbox.sendText({ phoneNumber, to, text }))
          await get().loadInbox(phoneNumber)
        },
        t('sandboxNotices.sent')
      ),
    sendFile: (phoneNumber, to, file, caption) =>
      act(
        phoneNumber,
        'send',
        async () => {
          await call(bridge().sandbox.sendMedia({ phoneNumber, to, file, ...(caption ? { caption } : {}) }))
          await get().loadInbox(phoneNumber)
        },
        t('sandboxNotices.sent')
      ),
    readInbox(phoneNumber) {
      let read = 0
      return act(
        phoneNumber,
        'read',
        async () => {
          read = (await call(bridge().sandbox.readInbox({ phoneNumber }))).read
        },
        () => (read ? (read === 1 ? t('sandboxNotices.readOne') : t('sandboxNotices.readMany', { n: formatNumber(read) })) : t('sandboxNotices.nothingToRead'))
      )
    },
    setPhoneSettings(phoneNumber, change) {
      let notice = ''
      return act(
        phoneNumber,
        'settings',
        async () => {
          const settings = await call(bridge().sandbox.setPhoneSettings({ phoneNumber, ...change }))
          notice = settingsNotice(change, settings)
          set((s) => ({ phones: s.phones?.map((p) => (p.phoneNumber === phoneNumber ? { ...p, hideNumber: settings.hideNumber, settings } : p)) ?? null }))
        },
        () => notice
      )
    },
    seedHistory(phoneNumber, counts) {
      let notice = ''
      return act(
        phoneNumber,
        'seed',
        async () => {
          const r = await call(bridge().sandbox.seedHistory({ phoneNumber, ...counts }))
          notice = t('uiWords.toast.seeded', { messages: formatNumber(r.messages), chats: formatNumber(r.chats), groups: formatNumber(r.groups), lid: formatNumber(r.lidChats) })
        },
        () => notice
      )
    },
    async applyFault(fault) {
      faultSeq++
      const seq = faultSeq
      set({ faults: { busy: true, error: null, notice: null } })
      return runAction(
        async () => {
          await call(bridge().sandbox.fault(fault))
          const known = FAULTS.find((f) => f.kind === fault.kind)
          const notice = known ? faultWords(known).done : t('sandboxNotices.faultApplied')
          set({ faults: { busy: false, error: null, notice } })
          setTimeout(() => {
            if (faultSeq === seq) set((s) => ({ faults: { ...s.faults, notice: null } }))
          }, NOTICE_MS)
          // Bans, drops and network faults change what the phone cards show.
          void get().load()
          return true
        },
        { fail: (error) => set({ faults: { busy: false, error, notice: null } }), fallback: false }
      )
    },
    dismissFaultNotice() {
      faultSeq++
      set((s) => ({ faults: { ...s.faults, notice: null } }))
    },
    dismissNotice(phoneNumber) {
      shown.set(phoneNumber, (shown.get(phoneNumber) ?? 0) + 1)
      patch(phoneNumber, { notice: null })
    },
    loadInbox: (phoneNumber) =>
      runAction(
        async () => {
          const messages = await call(bridge().sandbox.messages({ phoneNumber }))
          set((s) => ({ inbox: { ...s.inbox, [phoneNumber]: messages } }))
        },
        { fail: (error) => patch(phoneNumber, { error }) }
      )
  }
})
