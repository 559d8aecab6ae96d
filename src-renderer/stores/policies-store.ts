// Policies: the instance's rate-limit policy, the catalogue with availability on the plan, live counters
// (refreshed by the view while it is open).
import { create } from 'zustand'
import type { PoliciesDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'
import { confirmDone } from './toasts-store.js'
import { t } from '../i18n/index.js'
import { policyName } from '../lib/policy-words.js'

interface PoliciesState {
  data: Record<string, PoliciesDto>
  loading: boolean
  saving: string | null
  error: UiError | null
  load(instanceId: string, quiet?: boolean): Promise<void>
  select(instanceId: string, slug: string): Promise<boolean>
}

export const usePoliciesStore = create<PoliciesState>()((set) => ({
  data: {},
  loading: false,
  saving: null,
  error: null,
  async load(instanceId, quiet = false) {
    if (!quiet) set({ loading: true })
    await runAction(
      async () => {
        const dto = await call(bridge().policies.get({ instanceId }))
        set((s) => ({ data: { ...s.data, [instanceId]: dto }, ...(quiet ? {} : { error: null }) }))
      },
      // A quiet refresh (the live counters) leaves what is on screen alone when it fails.
      quiet ? { fail: () => {} } : { fail: (error) => set({ error }), settle: () => set({ loading: false }) }
    )
  },
  async select(instanceId, slug) {
    set({ saving: slug, error: null })
    return runAction(
      async () => {
        const dto = await call(bridge().policies.set({ instanceId, slug }))
        set((s) => ({ data: { ...s.data, [instanceId]: dto } }))
        const name = policyName(dto.current, dto.policies.find((p) => p.slug === dto.current)?.name ?? dto.current)
        confirmDone(t('uiWords.toast.policy', { instance: instanceId, policy: name }))
        return true
      },
      { fail: (error) => set({ error }), settle: () => set({ saving: null }), fallback: false }
    )
  }
}))
