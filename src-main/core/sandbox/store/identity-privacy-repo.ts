// The per-phone "hide my number" privacy setting (LID-first addressing, issue 10 item 1): a phone that hides its
// number reaches other accounts by LID only — 1:1 messages from <lid>@lid without sender_pn, group stanzas
// without participant_pn/phone_number, receipts from its LID, usync lookups by LID answered without the PN.
// Kept in the sandbox's meta table, so it survives restarts like the rest of the sandbox's world.
import type { Db } from '../../db/connection.js'
import { getMeta, setMeta } from './meta-repo.js'

const key = (phone: string) => `hide-number:${phone}`

export function hidesNumber(db: Db, phone: string): boolean {
  return getMeta(db, key(phone))?.toString('utf8') === '1'
}

export function setHidesNumber(db: Db, phone: string, hide: boolean): void {
  setMeta(db, key(phone), Buffer.from(hide ? '1' : '0'))
}
