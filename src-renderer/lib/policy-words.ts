// The rate-limit policies' names and descriptions in the UI's language (issue 20 item 12): the core names its
// built-in policies (strict, standard_policy, unlimited) in English; a known slug is worded from
// uiWords.policy.<slug>, English and a policy the locales do not know keep the core's words.
import { i18n } from '../i18n/index.js'

function policyWord(slug: string, field: 'name' | 'description', coreWords: string): string {
  const key = `uiWords.policy.${slug}.${field}`
  return i18n.language !== 'en' && i18n.exists(key) ? i18n.t(key) : coreWords
}

/** "Rígida" for strict in Portuguese; the core's name otherwise. */
export const policyName = (slug: string, coreName: string): string => policyWord(slug, 'name', coreName)

export const policyDescription = (slug: string, coreDescription: string): string => policyWord(slug, 'description', coreDescription)
