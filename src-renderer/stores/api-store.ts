// API access: base URL and docs link, the access token hidden until revealed, rotation.
import { create } from 'zustand'
import type { ApiInfoDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'

interface ApiState {
  info: ApiInfoDto | null
  /** The token, only while revealed. */
  token: string | null
  busy: 'reveal' | 'rotate' | null
  /** The token was just rotated: say so (the old one stopped working). */
  rotated: boolean
  error: UiError | null
  load(): Promise<void>
  reveal(): Promise<void>
  hide(): void
  rotate(): Promise<boolean>
}

export const useApiStore = create<ApiState>()((set) => {
  const fail = (error: UiError) => set({ error })
  const idle = () => set({ busy: null })
  return {
    info: null,
    token: null,
    busy: null,
    rotated: false,
    error: null,
    load: () => runAction(async () => set({ info: await call(bridge().api.info()), error: null }), { fail }),
    async reveal() {
      set({ busy: 'reveal', error: null })
      await runAction(async () => set({ token: (await call(bridge().api.revealToken())).token }), { fail, settle: idle })
    },
    hide: () => set({ token: null, rotated: false }),
    async rotate() {
      set({ busy: 'rotate', error: null, rotated: false })
      return runAction(
        async () => {
          // The API view's own notice beside the new token confirms it (and says what to do); a toast would announce it twice.
          set({ token: (await call(bridge().api.rotateToken())).token, rotated: true })
          return true
        },
        { fail, settle: idle, fallback: false }
      )
    }
  }
})
