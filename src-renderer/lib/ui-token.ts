// The headless UI token arrives in the URL fragment (#token=...). Take it out of the address bar at once and keep
// it for this tab only (sessionStorage), so a reload still works and the token does not linger in history.
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
