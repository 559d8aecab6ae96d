// The UI words a not-sent message's reason by its code (issue 20 item 12); its English (src-renderer's en.ts) is the
// core's own sentence, so a changed sentence here shows up as a failing test, not as two wordings.
import { describe, expect, it } from 'vitest'
import { en } from '../../../../src-renderer/i18n/locales/en.js'
import { APP_RESTARTED_MESSAGE, INTERRUPTED_MESSAGE, PURGED_MESSAGE } from './outbound-repo.js'

describe('not-sent reasons in the UI', () => {
  it('en.ts has the core’s sentence for each code the renderer words', () => {
    const core: Record<keyof typeof en.uiWords.notSent, string> = { queue_purged: PURGED_MESSAGE, app_restarted: APP_RESTARTED_MESSAGE, send_interrupted: INTERRUPTED_MESSAGE }
    for (const [code, sentence] of Object.entries(core)) expect([code, en.uiWords.notSent[code as keyof typeof core]]).toEqual([code, sentence.replace(/^the /, '')])
  })
})
