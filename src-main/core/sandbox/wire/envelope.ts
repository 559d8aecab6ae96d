// The least a client stanza must carry to be routed or answered at all. Without it there is nothing meaningful
// to reply to (an iq answer is matched by id), so the connection treats it as a protocol error.
import type { BinaryNode } from '@whiskeysockets/baileys'

// Only what Baileys always sends: an iq may lack a type (w:stats), a call an id (a rejection).
const REQUIRED: Record<string, readonly string[]> = {
  iq: ['id'],
  message: ['id', 'to'],
  receipt: ['id', 'to'],
  call: ['to']
}

/** Why this stanza cannot be routed, or undefined when its envelope is complete. */
export function envelopeProblem(stanza: BinaryNode): string | undefined {
  const missing = (REQUIRED[stanza.tag] ?? []).filter((a) => !stanza.attrs[a])
  return missing.length ? `<${stanza.tag}> without ${missing.join(', ')}` : undefined
}
