// The per-phone `banned` setting: the network refuses the account's linked devices at login with
// `<failure reason="403|402|406">`, as the real server refuses a locked or banned number. Kept in the sandbox's meta
// table, so a ban survives restarts like the rest of the sandbox's world.
import type { Db } from '../../db/connection.js'
import { getMeta, setMeta } from './meta-repo.js'

/** WhatsApp Web's names: 403 locked/forbidden, 402 temporarily banned, 406 banned. */
export type BanCode = 402 | 403 | 406

const key = (phone: string) => `ban:${phone}`

export function banOf(db: Db, phone: string): BanCode | undefined {
  const v = Number(getMeta(db, key(phone))?.toString('utf8'))
  return v === 402 || v === 403 || v === 406 ? v : undefined
}

/** null lifts the ban. */
export function setBan(db: Db, phone: string, code: BanCode | null): void {
  setMeta(db, key(phone), Buffer.from(code === null ? '' : String(code)))
}
