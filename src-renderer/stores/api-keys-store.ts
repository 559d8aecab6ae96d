// Scoped API keys (issue 23 item 6): the account's keys as listed by the core, created (the new key kept here only
// until the user closes it: it is shown once) and revoked. Each change reads the list again.
import { create } from 'zustand'
import type { ApiKeyDto, NewApiKeyDto } from '../../src-preload/contract/index.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'

interface ApiKeysState {
  keys: ApiKeyDto[]
  loaded: boolean
  busy: boolean
  error: UiError | null
  /** The key just created, with its token: shown until dismissed, never again. */
  created: NewApiKeyDto | null
  load(): Promise<void>
  /** True when it was created (the form then clears). */
  create(input: { name: string; readOnly: boolean; instanceIds: string[] | null }): Promise<boolean>
  revoke(id: string): Promise<void>
  dismissCreated(): void
}

export const useApiKeysStore = create<ApiKeysState>()((set) => {
  const refresh = async () => set({ keys: (await call(bridge().keys.list({}))).keys, loaded: true, error: null })
  return {
    keys: [],
    loaded: false,
    busy: false,
    error: null,
    created: null,
    load: () => runAction(refresh, { fail: (error) => set({ error, loaded: true }) }),
    create: ({ name, readOnly, instanceIds }) => {
      set({ busy: true, created: null })
      return runAction(
        async () => {
          const created = await call(bridge().keys.create({ name, readOnly, ...(instanceIds ? { instanceIds } : {}) }))
          set({ created })
          await refresh()
          return true
        },
        { fail: (error) => set({ error }), settle: () => set({ busy: false }), fallback: false }
      )
    },
    revoke: (id) => {
      set({ busy: true })
      return runAction(async () => {
        await call(bridge().keys.revoke({ id }))
        set((s) => ({ created: s.created?.id === id ? null : s.created }))
        await refresh()
      }, { fail: (error) => set({ error }), settle: () => set({ busy: false }) })
    },
    dismissCreated: () => set({ created: null })
  }
})
