// The per-connection statement cache: a query asked for as rows and as one column gets two statements, so a
// columnStmt() caller never turns the statement another caller of the same SQL shares into a plucking one.
import { describe, expect, it } from 'vitest'
import { openDatabase } from './connection.js'
import { columnStmt, stmt, typedStmt } from './statements.js'

const SQL = 'SELECT 7 AS n'

describe('statement cache', () => {
  it('reuses the prepared statement for the same SQL', () => {
    const db = openDatabase(':memory:')
    expect(stmt(db, SQL)).toBe(stmt(db, SQL))
    expect(columnStmt(db, SQL)).toBe(columnStmt(db, SQL))
    db.close()
  })

  it('a columnStmt() of the same SQL leaves stmt() callers their rows, whichever asked first', () => {
    const db = openDatabase(':memory:')
    expect(columnStmt<number>(db, SQL).get()).toBe(7)
    expect(stmt(db, SQL).get()).toEqual({ n: 7 })
    expect(typedStmt<{ n: number }>(db, SQL).all()).toEqual([{ n: 7 }])
    expect(columnStmt<number>(db, SQL).all()).toEqual([7])
    expect(stmt(db, SQL).get()).toEqual({ n: 7 })
    db.close()
  })
})
