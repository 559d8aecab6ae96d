// Instances: the list with the plan's quota, lifecycle actions (one at a time per instance), live statuses.
import { create } from 'zustand'
import type { InstanceDto, InstancesOverview } from '../../src-preload/contract/dto.js'
import type { BridgeEvents } from '../../src-preload/contract/events.js'
import { t } from '../i18n/index.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'
import { confirmDone } from './toasts-store.js'

export type InstanceAction = 'start' | 'stop' | 'restart' | 'logout' | 'delete'

/** The confirmation each action shows once the core did it (a toast). */
const DONE = (action: InstanceAction, name: string): string => t(`uiWords.toast.${action}`, { name })

interface InstancesState {
  overview: InstancesOverview | null
  loading: boolean
  creating: boolean
  error: UiError | null
  /** The action running per instance id. */
  busy: Record<string, InstanceAction>
  load(): Promise<void>
  create(name?: string): Promise<InstanceDto | null>
  /** `note`: said after the confirmation (e.g. what a restart dropped). */
  act(instanceId: string, action: InstanceAction, note?: string): Promise<boolean>
  applyStatus(event: BridgeEvents['instance.status']): void
  clearError(): void
}

const replace = (o: InstancesOverview, dto: InstanceDto): InstancesOverview => ({ ...o, instances: o.instances.map((i) => (i.id === dto.id ? dto : i)) })

export const useInstancesStore = create<InstancesState>()((set, get) => {
  const fail = (error: UiError) => set({ error })
  return {
    overview: null,
    loading: false,
    creating: false,
    error: null,
    busy: {},
    async load() {
      set({ loading: true })
      await runAction(async () => set({ overview: await call(bridge().instances.list()), error: null }), { fail, settle: () => set({ loading: false }) })
    },
    async create(name) {
      set({ creating: true, error: null })
      return runAction(
        async () => {
          const dto = await call(bridge().instances.create(name ? { name } : {}))
          await get().load()
          confirmDone(t('uiWords.toast.created', { name: dto.name }))
          return dto
        },
        { fail, settle: () => set({ creating: false }), fallback: null }
      )
    },
    async act(instanceId, action, note) {
      set((s) => ({ busy: { ...s.busy, [instanceId]: action }, error: null }))
      const done = () =>
        set((s) => {
          const { [instanceId]: _done, ...rest } = s.busy
          return { busy: rest }
        })
      return runAction(
        async () => {
          const dto = await call(bridge().instances[action]({ instanceId }))
          if (action === 'delete') await get().load()
          else set((s) => (s.overview ? { overview: replace(s.overview, dto) } : {}))
          confirmDone(`${DONE(action, `${dto.name} (${dto.id})`)}${note ? ` ${note}` : ''}`)
          return true
        },
        { fail, settle: done, fallback: false }
      )
    },
    applyStatus(e) {
      const o = get().overview
      if (!o) return
      if (e.status === 'DELETED') {
        set({ overview: { ...o, instances: o.instances.filter((i) => i.id !== e.instanceId), quota: { ...o.quota, used: Math.max(0, o.quota.used - (o.instances.some((i) => i.id === e.instanceId) ? 1 : 0)) } } })
        return
      }
      const current = o.instances.find((i) => i.id === e.instanceId)
      if (!current) return
      // The event carries the stored pairing: null after a logout or an unlink.
      const number = e.me ? e.me.id.split('@')[0]!.split(':')[0]! : null
      set({ overview: replace(o, { ...current, status: e.status, statusReason: e.reason, statusReasonText: e.reasonText ?? null, me: e.me, number }) })
    },
    clearError: () => set({ error: null })
  }
})
