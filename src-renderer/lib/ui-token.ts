// The headless UI credential of this tab. A one-time link token arrives in the URL fragment (#token=...): it is
// taken out of the address bar at once and kept in sessionStorage (this tab only) until the core exchanges it
// for the tab's session token, which then replaces it, so reloads and reconnects work and history keeps nothing.
const KEY = 'switchboard.uiToken'

export function takeUiToken(loc: Location = location, storage: Storage = sessionStorage, history: History = window.history): string | undefined {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(loc.hash)
  if (match?.[1]) {
    storage.setItem(KEY, match[1])
    history.replaceState(null, '', `${loc.pathname}${loc.search}`)
    return match[1]
  }
  return storage.getItem(KEY) ?? undefined
}

/** The session token the core handed over replaces the (now burned) link token. */
export function keepUiToken(token: string, storage: Storage = sessionStorage): void {
  storage.setItem(KEY, token)
}

/** A refused credential is useless: forget it, so the next link pasted into this tab starts clean. */
export function forgetUiToken(storage: Storage = sessionStorage): void {
  storage.removeItem(KEY)
}
