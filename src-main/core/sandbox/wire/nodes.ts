// Small builders and readers for Baileys BinaryNodes, so handlers read like the stanzas they answer.
import { getBinaryNodeChild, getBinaryNodeChildren, type BinaryNode } from '@whiskeysockets/baileys'
import { randomBytes } from 'node:crypto'

export type { BinaryNode }

export const nowSeconds = (): number => Math.floor(Date.now() / 1000)
export const tstr = (): string => String(nowSeconds())

let counter = 0
/** Server-side stanza ids: unique within the process and across restarts (random prefix). */
const prefix = randomBytes(3).toString('hex')
export const genId = (): string => `sbx${prefix}${(counter++).toString(36)}${Date.now().toString(36)}`
/** Message ids in the style clients expect (uppercase hex). */
export const genMessageId = (): string => `3EB0${randomBytes(8).toString('hex').toUpperCase()}`

export const kids = (n: BinaryNode | undefined): BinaryNode[] => (Array.isArray(n?.content) ? (n!.content as BinaryNode[]) : [])
export const child = (n: BinaryNode | undefined, tag: string): BinaryNode | undefined => getBinaryNodeChild(n, tag)
export const childrenOf = (n: BinaryNode | undefined, tag: string): BinaryNode[] => getBinaryNodeChildren(n, tag)

export function bytes(n: BinaryNode | undefined): Buffer | undefined {
  const c = n?.content
  if (c instanceof Uint8Array) return Buffer.from(c)
  if (typeof c === 'string') return Buffer.from(c, 'utf8')
  return undefined
}

export const childBytes = (n: BinaryNode | undefined, tag: string): Buffer | undefined => bytes(child(n, tag))
export const text = (n: BinaryNode | undefined): string => bytes(n)?.toString('utf8') ?? ''
export const u32 = (buf: Buffer): number => buf.readUIntBE(0, buf.length)

export function node(tag: string, attrs: Record<string, string | undefined> = {}, content?: BinaryNode[] | Uint8Array | string): BinaryNode {
  const clean: Record<string, string> = {}
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) clean[k] = v
  return content === undefined ? { tag, attrs: clean } : { tag, attrs: clean, content }
}
