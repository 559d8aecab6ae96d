// API access: base URL and docs link, the access token hidden until revealed, rotation.
import { create } from 'zustand'
import type { ApiInfoDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import { toUiError, type UiError } from '../lib/errors.js'

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

export const useApiStore = create<ApiState>()((set) => ({
  info: null,
  token: null,
  busy: null,
  rotated: false,
  error: null,
  async load() {
    try {
      set({ info: await call(bridge().api.info()), error: null })
    } catch (e) {
      set({ error: toUiError(e) })
    }
  },
  async reveal() {
    set({ busy: 'reveal', error: null })
    try {
      set({ token: (await call(bridge().api.revealToken())).token })
    } catch (e) {
      set({ error: toUiError(e) })
    } finally {
      set({ busy: null })
    }
  },
  hide: () => set({ token: null, rotated: false }),
  async rotate() {
    set({ busy: 'rotate', error: null, rotated: false })
    try {
      set({ token: (await call(bridge().api.rotateToken())).token, rotated: true })
      return true
    } catch (e) {
      set({ error: toUiError(e) })
      return false
    } finally {
      set({ busy: null })
    }
  }
}))
