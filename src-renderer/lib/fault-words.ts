// The sandbox's fault descriptors in the chosen language (issue 20 item 12). The contract
// (src-preload/contract/sandbox-faults.ts) keeps the English words and the data (kinds, parameters, types, limits);
// the locales word each fault by its kind (localized.faults.<kind>: label, help, done, p = parameter labels,
// h = parameter help, c = choices by value). English shows the contract's words as they are.
import { FAULTS, type FaultDescriptor, type FaultParam } from '../../src-preload/contract/sandbox-faults.js'
import { i18n, t } from '../i18n/index.js'

/** A choice's key: values that are numbers (HTTP codes) get a letter in front, as object keys in the locales. */
export const choiceKey = (value: number | string): string => (typeof value === 'number' ? `v${value}` : value)

function param(kind: string, p: FaultParam): FaultParam {
  const k = `localized.faults.${kind}`
  return {
    ...p,
    label: t(`${k}.p.${p.name}`),
    ...(p.help ? { help: t(`${k}.h.${p.name}`) } : {}),
    ...(p.choices ? { choices: p.choices.map((c) => ({ ...c, label: t(`${k}.c.${choiceKey(c.value)}`) })) } : {})
  }
}

/** The descriptor with its words in the UI's language (the data unchanged). */
export function faultWords(f: FaultDescriptor): FaultDescriptor {
  if (i18n.language === 'en') return f
  const k = `localized.faults.${f.kind}`
  return { ...f, label: t(`${k}.label`), help: t(`${k}.help`), done: t(`${k}.done`), params: f.params.map((p) => param(f.kind, p)) }
}

/** The ban fault's refusal codes (403 locked, 402 temporarily banned, 406 banned), from the contract. */
const BAN_CODES = FAULTS.find((f) => f.kind === 'ban')?.params.find((p) => p.name === 'code')?.choices ?? []

/**
 * The ways the network can ban an account, in words ("403 locked"): the ban fault's own choices, so a phone's ban
 * setting and the faults panel say the same (one set of words per code).
 */
export function banChoices(): { value: number; label: string }[] {
  return BAN_CODES.map((c) => ({ value: Number(c.value), label: i18n.language === 'en' ? c.label : t(`localized.faults.ban.c.${choiceKey(c.value)}`) }))
}
