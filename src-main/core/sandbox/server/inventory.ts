// Stanza inventory: every operation clients sent — an iq by namespace, type and first child tag, any other
// stanza by its tag — split into those the sandbox answered and those it does not model. The canary for Baileys
// upgrades: tests fail when an operation shows up in `unhandled`.
import type { BinaryNode } from '@whiskeysockets/baileys'

/** What an iq handler reports back to the router: nothing (it answered), or this — it does not model the operation. */
export const UNHANDLED = Symbol('unhandled operation')
export type IqOutcome = void | typeof UNHANDLED

/**
 * "iq:<xmlns>/<type>/<first child tag>", e.g. "iq:w:g2/set/member_add_mode". One tag can carry several operations
 * in one namespace only for w:mex (GraphQL), so its query id is part of the key there.
 */
export function iqOperation(iq: BinaryNode): string {
  const first = Array.isArray(iq.content) ? (iq.content[0] as BinaryNode | undefined) : undefined
  const mexQuery = iq.attrs.xmlns === 'w:mex' ? first?.attrs.query_id : undefined
  return `iq:${iq.attrs.xmlns ?? '-'}/${iq.attrs.type ?? '-'}/${first?.tag ?? '-'}${mexQuery ? `#${mexQuery}` : ''}`
}

export class StanzaInventory {
  private readonly handled = new Map<string, number>()
  private readonly unhandled = new Map<string, number>()

  record(operation: string, handled: boolean): void {
    const m = handled ? this.handled : this.unhandled
    m.set(operation, (m.get(operation) ?? 0) + 1)
  }

  snapshot(): { handled: string[]; unhandled: string[] } {
    return { handled: [...this.handled.keys()].sort(), unhandled: [...this.unhandled.keys()].sort() }
  }
}
