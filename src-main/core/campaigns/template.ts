// Message templates: `{{variable}}` and `{{variable|default}}` from the recipient's list row, spintax `{Hi|Hello}`
// (nested allowed) so messages vary, and the optional footer. The spintax choice is seeded by the campaign and the
// phone, so the preview of a recipient is exactly what that recipient receives.
import { campaignErrors } from './errors.js'
import { prng } from '../domain/prng.js'

const VARIABLE = /\{\{\s*([^{}|]+?)\s*(?:\|([^{}]*))?\}\}/g
/** Stand-ins for variables while spintax is resolved (so `{{name}}` braces and values are never spun). */
const SLOT = /\u0000(\d+)\u0000/g

export interface TemplateVariable {
  name: string
  fallback: string | undefined
}

/** The variables a template uses (name as written, lowercased). */
export function templateVariables(text: string): TemplateVariable[] {
  return [...text.matchAll(VARIABLE)].map((m) => ({ name: m[1]!.trim().toLowerCase(), fallback: m[2] }))
}

/** 422 unknown_variable naming the first variable the list lacks and that has no default; invalid_template for broken braces. */
export function validateTemplate(text: string, known: readonly string[]): void {
  if (!text.trim()) throw campaignErrors.invalidTemplate('The template text is empty')
  if (text.length > 4096) throw campaignErrors.invalidTemplate('The template is longer than 4096 characters')
  const have = new Set([...known, 'phone'])
  for (const v of templateVariables(text)) if (v.fallback === undefined && !have.has(v.name)) throw campaignErrors.unknownVariable(v.name, [...known])
  spin(text.replace(VARIABLE, '\u00000\u0000'), () => 0)
}

/** A small seeded generator (mulberry32) from a string. */
export function seeded(seed: string): () => number {
  let h = 2166136261
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619)
  return prng(h)
}

/** Resolves spintax innermost-first; a group without "|" stays as written. Unbalanced braces: invalid_template. */
function spin(text: string, random: () => number): string {
  let out = text
  const group = /\{([^{}]*)\}/
  for (let guard = 0; guard < 10_000; guard++) {
    const m = group.exec(out)
    if (!m) break
    const options = m[1]!.split('|')
    const choice = options.length > 1 ? options[Math.floor(random() * options.length)]! : `\u0001${m[1]}\u0002`
    out = out.slice(0, m.index) + choice + out.slice(m.index + m[0].length)
  }
  if (/[{}]/.test(out)) throw campaignErrors.invalidTemplate('The template has a "{" or "}" without its pair (spintax is {Hi|Hello})')
  return out.replace(/\u0001/g, '{').replace(/\u0002/g, '}')
}

export interface RenderInput {
  text: string
  vars: Record<string, string>
  phone: string
  footer?: string | null
  /** Seed of the spintax choice (campaign id + phone). */
  seed: string
}

export function renderTemplate(input: RenderInput): string {
  const values: string[] = []
  const slotted = input.text.replace(VARIABLE, (_all, name: string, fallback: string | undefined) => {
    const key = name.trim().toLowerCase()
    const value = key === 'phone' ? input.phone : input.vars[key]
    values.push(value && value.trim() ? value : (fallback ?? ''))
    return `\u0000${values.length - 1}\u0000`
  })
  const body = spin(slotted, seeded(input.seed)).replace(SLOT, (_m, i: string) => values[Number(i)] ?? '')
  return input.footer ? `${body}\n\n${input.footer}` : body
}
