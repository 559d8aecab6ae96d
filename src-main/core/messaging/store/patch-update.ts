// "Set the fields a patch names, keep the others" as one UPDATE: each column is CASE WHEN its field was given
// THEN the new value ELSE the old one, so a single prepared statement serves every combination of fields.
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'

/** A column a patch can set: the patch field that sets it (undefined = keep) and the value to store. */
export type PatchColumn<P> = readonly [column: string, field: keyof P & string, stored: (patch: P) => unknown]

/** More to set on every patch (e.g. a MAX() that never lowers a value), with its own parameters. */
export interface PatchAlso<P> {
  sql: string
  params: (patch: P) => Record<string, unknown>
}

/** The updater of `table` rows by `keys` (column names, bound by the same names); it also sets updated_at. */
export function patchUpdate<P extends object>(table: string, keys: readonly string[], columns: readonly PatchColumn<P>[], also?: PatchAlso<P>) {
  const sets = columns.map(([column], i) => `${column} = CASE WHEN @has${i} = 1 THEN @v${i} ELSE ${column} END`)
  if (also) sets.push(also.sql)
  const sql = `UPDATE ${table} SET ${sets.join(', ')}, updated_at = @now WHERE ${keys.map((k) => `${k} = @${k}`).join(' AND ')}`
  return (db: Db, key: Record<string, string>, patch: P, now: number): void => {
    const params: Record<string, unknown> = { ...key, ...also?.params(patch), now }
    columns.forEach(([, field, stored], i) => {
      params[`has${i}`] = patch[field] === undefined ? 0 : 1
      params[`v${i}`] = stored(patch)
    })
    stmt(db, sql).run(params)
  }
}
