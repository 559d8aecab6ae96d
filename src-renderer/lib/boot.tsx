// Starts the renderer in its root element: the app once there is a bridge, else the not-connected page, which
// waits for a link pasted into this tab (hashchange); when the core refuses the tab's credential the page says
// why and waits the same way.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { BridgeRefusal } from '../../src-preload/contract/protocol.js'
import { App } from '../App.js'
import { NotConnected } from '../components/NotConnected.js'
import { useAppStore } from '../stores/app-store.js'
import { useLanguageStore } from '../stores/language-store.js'
import { getBridge } from './bridge.js'
import { wireAnnouncements } from './announce.js'
import { wireLiveUpdates } from './live.js'

/** Returns a stop function (tests unmount with it). */
export function boot(rootElement: HTMLElement): () => void {
  const root = createRoot(rootElement)
  let unwire: (() => void) | undefined
  let onHashChange: (() => void) | undefined

  const start = (): boolean => {
    const b = getBridge(refused)
    if (!b) return false
    const offLive = wireLiveUpdates(b)
    const offAnnounce = wireAnnouncements(b)
    unwire = () => {
      offLive()
      offAnnounce()
    }
    void useAppStore.getState().loadInfo()
    // The language the owner chose (kept by the core); until it answers, the browser's.
    void useLanguageStore.getState().load()
    root.render(
      <StrictMode>
        <App />
      </StrictMode>
    )
    return true
  }
  const stopWaiting = () => {
    if (onHashChange) window.removeEventListener('hashchange', onHashChange)
    onHashChange = undefined
  }
  const waitForLink = () => {
    stopWaiting()
    onHashChange = () => {
      if (start()) stopWaiting()
    }
    window.addEventListener('hashchange', onHashChange)
  }
  function refused(reason: BridgeRefusal) {
    unwire?.()
    unwire = undefined
    root.render(<NotConnected reason={reason} wasConnected={useAppStore.getState().everConnected} />)
    waitForLink()
  }

  if (!start()) {
    root.render(<NotConnected />)
    waitForLink()
  }
  return () => {
    stopWaiting()
    unwire?.()
    root.unmount()
  }
}
