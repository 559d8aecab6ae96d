// The UI words the built-in policies by slug in the shop's language (issue 20 item 12); en.ts holds the core's own
// names and descriptions, so a renamed policy or a changed description fails here instead of drifting apart.
import { describe, expect, it } from 'vitest'
import { en } from '../../../src-renderer/i18n/locales/en.js'
import { POLICIES } from './policies.js'

describe('policy words in the UI', () => {
  it('en.ts has every built-in policy with the core’s name and description', () => {
    expect(Object.keys(en.uiWords.policy).sort()).toEqual(POLICIES.map((p) => p.slug).sort())
    for (const p of POLICIES) expect(en.uiWords.policy[p.slug as keyof typeof en.uiWords.policy]).toEqual({ name: p.name, description: p.description })
  })
})
