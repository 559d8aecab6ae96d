// Small persisted facts of the sandbox itself: the CA root key, the server static key, the ports it used.
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt } from '../../db/statements.js'

export function getMeta(db: Db, key: string): Buffer | undefined {
  return columnStmt<Buffer>(db, 'SELECT value FROM meta WHERE key = ?').get(key)
}

export function setMeta(db: Db, key: string, value: Buffer): void {
  stmt(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
}

/** A persisted key pair, made by `generate` the first time: the root must survive restarts so paired clients keep trusting the sandbox. */
export function persistedKeyPair(db: Db, name: string, generate: () => { public: Buffer; private: Buffer }): { public: Buffer; private: Buffer } {
  const pub = getMeta(db, `${name}_pub`)
  const priv = getMeta(db, `${name}_key`)
  if (pub && priv) return { public: pub, private: priv }
  const k = generate()
  db.transaction(() => {
    setMeta(db, `${name}_pub`, k.public)
    setMeta(db, `${name}_key`, k.private)
  })()
  return k
}
