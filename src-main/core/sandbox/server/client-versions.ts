// The WhatsApp Web client versions the sandbox network accepts (issue 22 item 1): below a minimum the tester sets,
// a registration or login is refused with `<failure reason="405">` as the real server fails an outdated client's
// handshake (Baileys #2370); the version the network currently announces is served as WhatsApp Web's service
// worker (`/sw.js` on the sandbox's HTTPS host, `client_revision`) so a client can learn it the way Baileys'
// fetchLatestWaWebVersion does.
export type ClientVersion = readonly [number, number, number]

/** Baileys' own default (Defaults/index.js) and the sandbox's announced version until a tester says otherwise. */
export const BAILEYS_DEFAULT_VERSION: ClientVersion = [2, 3000, 1043857760]

export function parseVersion(v: string): ClientVersion | undefined {
  const m = /^(\d{1,6})\.(\d{1,6})\.(\d{1,12})$/.exec(v.trim())
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined
}

export const formatVersion = (v: ClientVersion): string => v.join('.')

function compare(a: ClientVersion, b: ClientVersion): number {
  for (let i = 0; i < 3; i++) if (a[i]! !== b[i]!) return a[i]! - b[i]!
  return 0
}

export class ClientVersions {
  private minimum: ClientVersion | undefined
  private announced: ClientVersion | undefined

  /** Refuse clients below `min` (undefined: accept every version); `/sw.js` announces `announce` (default: `min`). */
  set(min: ClientVersion | undefined, announce?: ClientVersion): void {
    this.minimum = min
    this.announced = announce ?? min
  }

  /** Whether a client of this version is refused (a missing version is not judged). */
  refuses(v: { primary?: number | null; secondary?: number | null; tertiary?: number | null } | null | undefined): boolean {
    if (!this.minimum || !v) return false
    return compare([v.primary ?? 0, v.secondary ?? 0, v.tertiary ?? 0], this.minimum) < 0
  }

  /** The version `/sw.js` says is current. */
  current(): ClientVersion {
    return this.announced ?? BAILEYS_DEFAULT_VERSION
  }

  /** WhatsApp Web's service worker, reduced to what version checks read (`"client_revision":N`). */
  serviceWorker(): string {
    const [, , revision] = this.current()
    return `/* sandbox */ self.__swData=JSON.parse(${JSON.stringify(JSON.stringify({ dynamic_data: { SiteData: { client_revision: revision } } }))});`
  }

  clear(): void {
    this.minimum = undefined
    this.announced = undefined
  }
}
