// Sandbox: simulated phones, their actions (scan an instance's QR, type a pairing code, send as the person, read
// what they received: the senders' ticks turn Read) and their inboxes. Only used when the core runs the sandbox network. A success notice goes away with the phone's
// next action, after NOTICE_MS, or when dismissed.
import { create } from 'zustand'
import type { SandboxMessageDto, SandboxPhoneDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'

/** What a phone is doing right now, and the outcome of its last action. */
export interface PhoneActivity {
  busy: 'scan' | 'code' | 'send' | 'read' | 'privacy' | null
  error: UiError | null
  notice: string | null
}

interface SandboxState {
  phones: SandboxPhoneDto[] | null
  loading: boolean
  creating: boolean
  error: UiError | null
  activity: Record<string, PhoneActivity>
  inbox: Record<string, SandboxMessageDto[]>
  load(): Promise<void>
  createPhone(phoneNumber: string, name: string): Promise<boolean>
  scanQr(phoneNumber: string, instanceId: string): Promise<boolean>
  enterCode(phoneNumber: string, code: string): Promise<boolean>
  sendText(phoneNumber: string, to: string, text: string): Promise<boolean>
  loadInbox(phoneNumber: string): Promise<void>
  readInbox(phoneNumber: string): Promise<boolean>
  setHideNumber(phoneNumber: string, hide: boolean): Promise<boolean>
  dismissNotice(phoneNumber: string): void
}

const idle: PhoneActivity = { busy: null, error: null, notice: null }
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
  return {
    phones: null,
    loading: false,
    creating: false,
    error: null,
    activity: {},
    inbox: {},
    async load() {
      set({ loading: true })
      await runAction(async () => set({ phones: await call(bridge().sandbox.phones()), error: null }), { fail, settle: () => set({ loading: false }) })
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
      act(phoneNumber, 'scan', () => call(bridge().sandbox.scanQr({ phoneNumber, instanceId })), 'Scanned: the phone linked the instance'),
    enterCode: (phoneNumber, code) =>
      act(phoneNumber, 'code', () => call(bridge().sandbox.enterCode({ phoneNumber, code })), 'Code accepted: the phone linked the instance'),
    sendText: (phoneNumber, to, text) =>
      act(
        phoneNumber,
        'send',
        async () => {
          await call(bridge().sandbox.sendText({ phoneNumber, to, text }))
          await get().loadInbox(phoneNumber)
        },
        'Sent'
      ),
    readInbox(phoneNumber) {
      let read = 0
      return act(
        phoneNumber,
        'read',
        async () => {
          read = (await call(bridge().sandbox.readInbox({ phoneNumber }))).read
        },
        () => (read ? `Read ${read === 1 ? '1 message' : `${read} messages`}: the senders see Read.` : 'Nothing to read yet.')
      )
    },
    setHideNumber: (phoneNumber, hide) =>
      act(
        phoneNumber,
        'privacy',
        async () => {
          const { hideNumber } = await call(bridge().sandbox.setHideNumber({ phoneNumber, hide }))
          set((s) => ({ phones: s.phones?.map((p) => (p.phoneNumber === phoneNumber ? { ...p, hideNumber } : p)) ?? null }))
        },
        hide ? 'Number hidden: others now reach this phone by LID only' : 'Number shown: its next message reveals it'
      ),
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
