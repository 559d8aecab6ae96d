// Label inputs: a colour as the index 0-19 or one of WAHA's 20 hex colours, the name, label ids, and label
// lists in every spelling ([{id}], ["1"], "1,2", JSON text).
import { coreErrors } from '../../domain/core-errors.js'
import { LABEL_COLORS } from '../../messaging/store/index.js'
import { isPlainObject, stringParam, type Params } from '../request-params.js'

/** color (0-19) or colorHex (#rrggbb of the WAHA map); undefined when neither is given. */
export function colorParam(input: Params): number | undefined {
  const color = stringParam(input, 'color')
  if (color !== undefined) {
    const n = Number(color)
    if (!Number.isInteger(n) || n < 0 || n >= LABEL_COLORS.length) throw coreErrors.invalidParam('color', 'expected a colour index from 0 to 19')
    return n
  }
  const hex = stringParam(input, 'colorHex')
  if (hex === undefined) return undefined
  const i = LABEL_COLORS.indexOf(`#${hex.replace(/^#/, '').toLowerCase()}` as (typeof LABEL_COLORS)[number])
  if (i < 0) throw coreErrors.invalidParam('colorHex', `use one of the 20 label colours: ${LABEL_COLORS.join(', ')}`)
  return i
}

/** name, up to 100 characters; undefined when it is not given and not required. */
export function labelNameOf(input: Params, required: boolean): string | undefined {
  const name = stringParam(input, 'name')
  if (name === undefined) {
    if (required) throw coreErrors.missingParam(['name'])
    return undefined
  }
  if (name.length > 100) throw coreErrors.invalidParam('name', 'at most 100 characters')
  return name
}

/** The changes of PUT /v2/labels/{labelId}: name and/or colour, at least one of them. */
export function labelChangesOf(input: Params): { name?: string; color?: number } {
  const name = labelNameOf(input, false)
  const color = colorParam(input)
  if (name === undefined && color === undefined) throw coreErrors.missingParam(['name', 'color'])
  return { ...(name !== undefined ? { name } : {}), ...(color !== undefined ? { color } : {}) }
}

export function labelIdOf(value: string | undefined, param = 'labelId'): string {
  const id = (value ?? '').trim()
  if (!id) throw coreErrors.missingParam([param])
  if (!/^[0-9A-Za-z_-]{1,64}$/.test(id)) throw coreErrors.invalidParam(param, 'not a label id')
  return id
}

/** `labels` as ids, deduplicated; an empty list is allowed (it removes every label of the chat). */
export function labelIdsParam(input: Params): string[] {
  let raw = input.labels
  if (raw === undefined) throw coreErrors.missingParam(['labels'])
  if (typeof raw === 'string') raw = raw.split(/[,;\s]+/).filter(Boolean)
  if (isPlainObject(raw)) raw = Object.values(raw)
  if (!Array.isArray(raw)) throw coreErrors.invalidParam('labels', 'expected a list such as [{"id":"1"}] or ["1","2"]')
  const ids: string[] = []
  raw.forEach((item, i) => {
    const id = typeof item === 'string' || typeof item === 'number' ? String(item) : isPlainObject(item) ? stringParam(item, 'id') : undefined
    const checked = labelIdOf(id, `labels[${i}]`)
    if (!ids.includes(checked)) ids.push(checked)
  })
  return ids
}
