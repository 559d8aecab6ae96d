// Saved replies (issue 20 item 7): an account's texts by "/shortcut", checked and stored (saved_replies). The
// shortcut is what follows the slash in the composer: lower case letters, digits, - and _, unique per account.
import type { Db } from '../db/connection.js'
import { deleteSavedReply, insertSavedReply, listSavedReplies, savedReplyById, savedReplyByShortcut, updateSavedReply, type SavedReplyRow } from '../db/repositories/saved-replies-repo.js'
import { domainError, type CodedError } from '../domain/errors.js'

export type SavedReplyErrorCode = 'invalid_param' | 'not_found' | 'conflict'
export type SavedReplyError = CodedError<SavedReplyErrorCode>
const fail = domainError<SavedReplyErrorCode>

export interface SavedReply {
  id: number
  shortcut: string
  text: string
  updatedAt: number
}

export const SHORTCUT_PATTERN = /^[\p{Ll}\p{Lo}\p{N}_-]{1,32}$/u
export const MAX_REPLY_TEXT = 4096

const toReply = (r: SavedReplyRow): SavedReply => ({ id: r.id, shortcut: r.shortcut, text: r.text, updatedAt: r.updated_at })

export class SavedReplyService {
  constructor(private readonly deps: { db: Db; now: () => number }) {}

  list(accountId: string): SavedReply[] {
    return listSavedReplies(this.deps.db, accountId).map(toReply)
  }

  /** Adds a reply, or changes the one with `id`; a shortcut another reply of the account uses is refused. */
  save(accountId: string, input: { id?: number; shortcut: string; text: string }): SavedReply {
    const { db, now } = this.deps
    const shortcut = input.shortcut.trim().replace(/^\/+/, '').toLowerCase()
    const text = input.text.trim()
    if (!SHORTCUT_PATTERN.test(shortcut)) throw fail('invalid_param', `"/${shortcut.slice(0, 40)}" is not a shortcut: use up to 32 letters, digits, - or _ (no spaces)`, 'For example /hours or /price-list', { field: 'shortcut' })
    if (!text) throw fail('invalid_param', 'A saved reply needs its text', undefined, { field: 'text' })
    if (text.length > MAX_REPLY_TEXT) throw fail('invalid_param', `A saved reply is at most ${MAX_REPLY_TEXT} characters`, undefined, { field: 'text' })
    return db.transaction(() => {
      const taken = savedReplyByShortcut(db, accountId, shortcut)
      if (taken && taken.id !== input.id) throw fail('conflict', `/${shortcut} is already a saved reply`, 'Choose another shortcut, or edit that reply', { field: 'shortcut' })
      if (input.id === undefined) return toReply(savedReplyById(db, accountId, insertSavedReply(db, accountId, shortcut, text, now()))!)
      if (!updateSavedReply(db, accountId, input.id, shortcut, text, now())) throw fail('not_found', 'That saved reply no longer exists', 'Reload the list')
      return toReply(savedReplyById(db, accountId, input.id)!)
    })()
  }

  /** False when it was already gone. */
  remove(accountId: string, id: number): boolean {
    return deleteSavedReply(this.deps.db, accountId, id)
  }
}
