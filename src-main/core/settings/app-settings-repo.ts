// The app_settings table (migration 0040): one JSON value per setting key. Values are checked by the service
// before they are stored; a value that no longer parses reads as absent (the default applies) instead of failing.
import type { Db } from '../db/connection.js'

export interface StoredAppSettings {
  host: string
  port: number
  allowHosts: string[]
  logLevel: string
  freeInstanceQuota: number | null
  paidInstanceQuota: number | null
  /** The address others reach this API at (a tunnel's, a LAN name) for links handed out; null: the request's own. */
  publicUrl: string | null
  /** Instances whose new messages are not announced (the UI's per-instance mute, issue 20 item 2). */
  mutedInstances: string[]
  /** Announcements play a short sound. */
  notificationSound: boolean
  /** The UI's language (issue 20 item 12): 'system' follows the browser's or the OS's. */
  language: string
}

export type AppSettingKey = keyof StoredAppSettings

export function readAppSettings(db: Db): Partial<StoredAppSettings> {
  const rows = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM app_settings').all()
  const out: Record<string, unknown> = {}
  for (const { key, value } of rows) {
    try {
      out[key] = JSON.parse(value)
    } catch {
      // A hand-edited or damaged row: the default applies, the row is rewritten on the next change.
    }
  }
  return out as Partial<StoredAppSettings>
}

/** Stores the given keys in one transaction; `undefined` removes a key (back to the default). */
export function writeAppSettings(db: Db, changes: { [K in AppSettingKey]?: StoredAppSettings[K] | undefined }, now: number): void {
  const put = db.prepare('INSERT INTO app_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at')
  const drop = db.prepare('DELETE FROM app_settings WHERE key = ?')
  db.transaction(() => {
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) drop.run(key)
      else put.run(key, JSON.stringify(value), now)
    }
  })()
}
