// API accounts in Settings: the list, add (the new token kept only until the user dismisses it: it is shown once),
// rotate, plan/quota, remove. Every change reloads the list, so counts and hints are the core's.
import { create } from 'zustand'
import type { AccountDto, AccountsOverviewDto, NewAccountTokenDto, PlanTier } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'

export type QuotaChoice = number | 'unlimited' | 'plan'

interface AccountsState {
  overview: AccountsOverviewDto | null
  /** A token just issued (add or rotate), with its account: shown once, with Copy, until dismissed. */
  issued: (NewAccountTokenDto & { why: 'added' | 'rotated' }) | null
  /** The account being changed (id), or 'add'. */
  busy: string | null
  /** A removal just done: said once. */
  removed: { name: string; deletedInstances: number } | null
  error: UiError | null
  load(): Promise<void>
  add(input: { name: string; plan: PlanTier; quota?: QuotaChoice }): Promise<boolean>
  rotate(account: AccountDto): Promise<void>
  setPlan(account: AccountDto, changes: { plan?: PlanTier; quota?: QuotaChoice }): Promise<void>
  remove(account: AccountDto, force: boolean): Promise<void>
  dismissToken(): void
}

export const useAccountsStore = create<AccountsState>()((set, get) => {
  const fail = (error: UiError) => set({ error })
  const idle = () => set({ busy: null })
  const reload = async () => set({ overview: await call(bridge().accounts.list()) })
  return {
    overview: null,
    issued: null,
    busy: null,
    removed: null,
    error: null,
    load: () => runAction(async () => set({ overview: await call(bridge().accounts.list()), error: null }), { fail }),
    async add({ name, plan, quota }) {
      set({ busy: 'add', error: null, issued: null, removed: null })
      return runAction(
        async () => {
          const issued = await call(bridge().accounts.add({ name, plan, ...(quota === undefined || quota === 'plan' ? {} : { quota }) }))
          set({ issued: { ...issued, why: 'added' } })
          await reload()
          return true
        },
        { fail, settle: idle, fallback: false }
      )
    },
    async rotate(account) {
      set({ busy: account.id, error: null, issued: null, removed: null })
      await runAction(
        async () => {
          set({ issued: { ...(await call(bridge().accounts.rotate({ accountId: account.id }))), why: 'rotated' } })
          await reload()
        },
        { fail, settle: idle }
      )
    },
    async setPlan(account, changes) {
      set({ busy: account.id, error: null })
      await runAction(
        async () => {
          await call(bridge().accounts.setPlan({ accountId: account.id, ...changes }))
          await reload()
        },
        { fail, settle: idle }
      )
    },
    async remove(account, force) {
      set({ busy: account.id, error: null, removed: null })
      await runAction(
        async () => {
          const done = await call(bridge().accounts.remove({ accountId: account.id, force }))
          // A token shown for the removed account is worthless now.
          if (get().issued?.account.id === account.id) set({ issued: null })
          set({ removed: { name: done.account.name, deletedInstances: done.deletedInstances } })
          await reload()
        },
        { fail, settle: idle }
      )
    },
    dismissToken: () => set({ issued: null })
  }
})
