// The UI's language choice (issue 20 item 12): kept by the core (app setting `language`, so a reload or restart
// shows the same), 'system' following the browser. Applied to i18next at once; the core's answer confirms it.
import { create } from 'zustand'
import type { UiLanguageChoice } from '../../src-preload/contract/dto.js'
import { applyLanguage } from '../i18n/index.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'

interface LanguageState {
  choice: UiLanguageChoice
  error: UiError | null
  /** Reads the stored choice (on boot and reconnect) and applies it. */
  load(): Promise<void>
  choose(choice: UiLanguageChoice): Promise<void>
}

export const useLanguageStore = create<LanguageState>()((set, get) => ({
  choice: 'system',
  error: null,
  load: () =>
    runAction(async () => {
      const s = await call(bridge().settings.get({}))
      set({ choice: s.language, error: null })
      await applyLanguage(s.language)
    }, { fail: () => undefined }),
  choose: (choice) => {
    const before = get().choice
    set({ choice })
    void applyLanguage(choice)
    return runAction(async () => {
      const s = await call(bridge().settings.set({ language: choice }))
      set({ choice: s.language, error: null })
    }, {
      fail: (error) => {
        set({ choice: before, error })
        void applyLanguage(before)
      }
    })
  }
}))
