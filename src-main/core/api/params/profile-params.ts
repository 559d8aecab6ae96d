// Profile texts: the display name (required, up to 25 characters, trimmed) and the About text (status or
// about, up to 139 characters; an empty string clears it).
import { coreErrors } from '../../domain/core-errors.js'
import type { Params } from '../request-params.js'

/** The first of `names` that is given; errors name names[0]. */
function textParam(input: Params, names: [string, ...string[]], max: number, allowEmpty = false): string {
  const key = names.find((n) => input[n] !== undefined)
  const value = key === undefined ? undefined : input[key]
  if (value === undefined || (!allowEmpty && (typeof value !== 'string' || !value.trim()))) throw coreErrors.missingParam([names[0]])
  if (typeof value !== 'string') throw coreErrors.invalidParam(names[0], 'expected text')
  if (value.length > max) throw coreErrors.invalidParam(names[0], `at most ${max} characters`)
  return allowEmpty ? value : value.trim()
}

export const profileNameOf = (input: Params): string => textParam(input, ['name'], 25)

export const aboutOf = (input: Params): string => textParam(input, ['status', 'about'], 139, true)
