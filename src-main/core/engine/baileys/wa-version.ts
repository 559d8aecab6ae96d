// The WhatsApp Web version the engine announces (issue 22 item 1). The network refuses an outdated client at the
// handshake with 405 (Baileys #2370; Evolution #2497 reports bans after connecting with an old one). Then the
// current version is learned the way Baileys' fetchLatestWaWebVersion does (WhatsApp Web's service worker,
// `client_revision`; in sandbox mode the sandbox's stand-in), remembered in engine_state across restarts, and
// used by every later socket. A pinned version (setting) is used as it is and never replaced.
import type { Dispatcher } from 'undici'
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import { stmt, typedStmt } from '../../db/statements.js'

export type WaVersion = [number, number, number]

const KEY = 'wa_web_version'
const REVISION = /\\?"client_revision\\?":\s*(\d+)/

export function parseWaVersion(v: string | undefined): WaVersion | undefined {
  const m = v ? /^(\d{1,6})\.(\d{1,6})\.(\d{1,12})$/.exec(v.trim()) : null
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined
}

export interface WaVersionOptions {
  db: Db
  logger: Logger
  /** WhatsApp Web's service worker (https://web.whatsapp.com/sw.js), or the sandbox's. */
  url: string
  /** For the sandbox's certificate. */
  dispatcher?: Dispatcher
  /** A version to use always (the setting that pins it); nothing is learned then. */
  pinned?: WaVersion
  fetchTimeoutMs?: number
}

export class WaVersionSource {
  private remembered: WaVersion | undefined
  private learning: Promise<WaVersion | undefined> | undefined

  constructor(private readonly o: WaVersionOptions) {
    const row = typedStmt<{ value: string }>(o.db, 'SELECT value FROM engine_state WHERE key = ?').get(KEY)
    try {
      const v = row ? (JSON.parse(row.value) as unknown) : undefined
      if (Array.isArray(v) && v.length === 3 && v.every((n) => Number.isInteger(n))) this.remembered = v as WaVersion
    } catch {
      // A damaged row: Baileys' default applies until the next learned version replaces it.
    }
  }

  get pinned(): boolean {
    return !!this.o.pinned
  }

  /** The version new sockets announce: the pinned one, else the learned one, else undefined (Baileys' default). */
  current(): WaVersion | undefined {
    return this.o.pinned ?? this.remembered
  }

  /**
   * Asks the version source for the current version and remembers it; undefined when it cannot be learned (pinned,
   * unreachable, unreadable). Concurrent callers (several instances refused at once) share one request.
   */
  learn(): Promise<WaVersion | undefined> {
    if (this.o.pinned) return Promise.resolve(undefined)
    this.learning ??= this.fetchLatest().finally(() => (this.learning = undefined))
    return this.learning
  }

  private async fetchLatest(): Promise<WaVersion | undefined> {
    try {
      const res = await fetch(this.o.url, {
        signal: AbortSignal.timeout(this.o.fetchTimeoutMs ?? 10_000),
        headers: { 'sec-fetch-site': 'none', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
        ...(this.o.dispatcher ? { dispatcher: this.o.dispatcher } : {})
      } as RequestInit)
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      const m = REVISION.exec(await res.text())
      if (!m?.[1]) throw new Error('no client_revision in the service worker')
      const v: WaVersion = [2, 3000, Number(m[1])]
      this.remembered = v
      stmt(this.o.db, 'INSERT INTO engine_state (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at').run(KEY, JSON.stringify(v), Date.now())
      this.o.logger.info({ version: v.join('.') }, 'learned the current WhatsApp Web version')
      return v
    } catch (err) {
      this.o.logger.warn({ err, url: this.o.url }, 'could not learn the current WhatsApp Web version')
      return undefined
    }
  }
}
