// Pairing: the live QR per instance (pushed as it rotates), pairing codes (gone once the instance leaves the QR
// state: a code belongs to one connection attempt), temporary links.
import { create } from 'zustand'
import type { InstanceStatus, TempLinkDto } from '../../src-preload/contract/dto.js'
import type { BridgeEvents } from '../../src-preload/contract/events.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'
import { t } from '../i18n/index.js'

export interface QrState {
  image: string
  issuedAt: number
  expiresAt: number
}

interface PairingState {
  qr: Record<string, QrState | null>
  qrError: Record<string, UiError | null>
  code: { instanceId: string; phoneNumber: string; code: string } | null
  codeBusy: boolean
  codeError: UiError | null
  links: Record<string, TempLinkDto>
  linkBusy: boolean
  linkError: UiError | null
  /** What the last link action did (revoking leaves no link on screen to show it). */
  linkNotice: string | null
  loadQr(instanceId: string): Promise<void>
  applyQr(event: BridgeEvents['instance.qr']): void
  requestCode(instanceId: string, phoneNumber: string): Promise<void>
  clearCode(): void
  /** A status change: a code shown for this instance no longer works once it is paired, stopped or restarted. */
  instanceChanged(instanceId: string, status: InstanceStatus): void
  loadLink(instanceId: string): Promise<void>
  createLink(instanceId: string): Promise<void>
  revokeLink(instanceId: string): Promise<void>
}

export const usePairingStore = create<PairingState>()((set) => {
  const linkOp = async (instanceId: string, op: 'tempLink' | 'createTempLink' | 'revokeTempLink') => {
    set({ linkBusy: true, linkError: null, linkNotice: null })
    await runAction(
      async () => {
        const link = await call(bridge().pairing[op]({ instanceId }))
        set((s) => ({ links: { ...s.links, [instanceId]: link }, ...(op === 'revokeTempLink' ? { linkNotice: t('uiWords.pairing.revoked') } : {}) }))
      },
      { fail: (linkError) => set({ linkError }), settle: () => set({ linkBusy: false }) }
    )
  }
  return {
    qr: {},
    qrError: {},
    code: null,
    codeBusy: false,
    codeError: null,
    links: {},
    linkBusy: false,
    linkError: null,
    linkNotice: null,
    loadQr: (instanceId) =>
      runAction(
        async () => {
          const q = await call(bridge().pairing.qr({ instanceId }))
          set((s) => ({ qr: { ...s.qr, [instanceId]: { image: q.image, issuedAt: q.issuedAt, expiresAt: q.expiresAt } }, qrError: { ...s.qrError, [instanceId]: null } }))
        },
        { fail: (error) => set((s) => ({ qr: { ...s.qr, [instanceId]: null }, qrError: { ...s.qrError, [instanceId]: error } })) }
      ),
    applyQr(e) {
      set((s) => ({
        qr: { ...s.qr, [e.instanceId]: e.image && e.expiresAt ? { image: e.image, issuedAt: e.issuedAt, expiresAt: e.expiresAt } : null },
        qrError: { ...s.qrError, [e.instanceId]: null }
      }))
    },
    async requestCode(instanceId, phoneNumber) {
      set({ codeBusy: true, codeError: null, code: null })
      await runAction(
        async () => {
          const { code } = await call(bridge().pairing.requestCode({ instanceId, phoneNumber }))
          set({ code: { instanceId, phoneNumber, code } })
        },
        { fail: (codeError) => set({ codeError }), settle: () => set({ codeBusy: false }) }
      )
    },
    clearCode: () => set({ code: null, codeError: null }),
    instanceChanged(instanceId, status) {
      if (status !== 'SCAN_QR_CODE') set((s) => (s.code?.instanceId === instanceId ? { code: null, codeError: null } : {}))
    },
    loadLink: (instanceId) => linkOp(instanceId, 'tempLink'),
    createLink: (instanceId) => linkOp(instanceId, 'createTempLink'),
    revokeLink: (instanceId) => linkOp(instanceId, 'revokeTempLink')
  }
})
