// The headless UI credential of this browser. A one-time link token arrives in the URL fragment (#token=...): it is
// taken out of the address bar at once and kept in sessionStorage (this tab) until the core exchanges it for the
// browser's device token, which is kept in localStorage: the core keeps that device across its restarts (issue 20
// item 3), so reloads, new tabs and core restarts need no new link until the browser is signed out in Settings.
const LINK_KEY = 'switchboard.uiToken'
const DEVICE_KEY = 'switchboard.deviceToken'

export function takeUiToken(loc: Location = location, storage: Storage = sessionStorage, history: History = window.history, kept: Storage = localStorage): string | undefined {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(loc.hash)
  if (match?.[1]) {
    storage.setItem(LINK_KEY, match[1])
    history.replaceState(null, '', `${loc.pathname}${loc.search}`)
    return match[1]
  }
  return storage.getItem(LINK_KEY) ?? kept.getItem(DEVICE_KEY) ?? undefined
}

/** The device token the core handed over replaces the (now burned) link token, for every tab of this browser. */
export function keepUiToken(token: string, storage: Storage = sessionStorage, kept: Storage = localStorage): void {
  kept.setItem(DEVICE_KEY, token)
  storage.removeItem(LINK_KEY)
}

/** A refused credential (or this browser signed out) is useless: forget it, so the next link starts clean. */
export function forgetUiToken(storage: Storage = sessionStorage, kept: Storage = localStorage): void {
  storage.removeItem(LINK_KEY)
  kept.removeItem(DEVICE_KEY)
}
