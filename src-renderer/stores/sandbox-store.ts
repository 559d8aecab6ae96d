// Sandbox: simulated phones, their actions (scan an instance's QR, type a pairing code, send as the person) and
// their inboxes. Only used when the core runs the sandbox network.
import { create } from 'zustand'
import type { SandboxMessageDto, SandboxPhoneDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import { toUiError, type UiError } from '../lib/errors.js'

/** What a phone is doing right now, and the outcome of its last action. */
export interface PhoneActivity {
  busy: 'scan' | 'code' | 'send' | null
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
}

const idle: PhoneActivity = { busy: null, error: null, notice: null }

export const useSandboxStore = create<SandboxState>()((set, get) => {
  const act = async (phone: string, busy: NonNullable<PhoneActivity['busy']>, run: () => Promise<unknown>, notice: string) => {
    set((s) => ({ activity: { ...s.activity, [phone]: { busy, error: null, notice: null } } }))
    try {
      await run()
      set((s) => ({ activity: { ...s.activity, [phone]: { ...idle, notice } } }))
      return true
    } catch (e) {
      set((s) => ({ activity: { ...s.activity, [phone]: { ...idle, error: toUiError(e) } } }))
      return false
    }
  }
  return {
    phones: null,
    loading: false,
    creating: false,
    error: null,
    activity: {},
    inbox: {},
    async load() {
      set({ loading: true })
      try {
        set({ phones: await call(bridge().sandbox.phones()), error: null })
      } catch (e) {
        set({ error: toUiError(e) })
      } finally {
        set({ loading: false })
      }
    },
    async createPhone(phoneNumber, name) {
      set({ creating: true, error: null })
      try {
        await call(bridge().sandbox.createPhone({ phoneNumber, ...(name.trim() ? { name: name.trim() } : {}) }))
        await get().load()
        return true
      } catch (e) {
        set({ error: toUiError(e) })
        return false
      } finally {
        set({ creating: false })
      }
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
    async loadInbox(phoneNumber) {
      try {
        const messages = await call(bridge().sandbox.messages({ phoneNumber }))
        set((s) => ({ inbox: { ...s.inbox, [phoneNumber]: messages } }))
      } catch (e) {
        set((s) => ({ activity: { ...s.activity, [phoneNumber]: { ...(s.activity[phoneNumber] ?? idle), error: toUiError(e) } } }))
      }
    }
  }
})
