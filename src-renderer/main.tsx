// Renderer entry: connect the bridge (preload or WebSocket), wire live updates, render.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, NotConnected } from './App.js'
import { getBridge } from './lib/bridge.js'
import { wireLiveUpdates } from './lib/live.js'
import { useAppStore } from './stores/app-store.js'
import './styles/app.css'

const root = createRoot(document.getElementById('root')!)
const b = getBridge()
if (!b) {
  root.render(<NotConnected />)
} else {
  wireLiveUpdates(b)
  void useAppStore.getState().loadInfo()
  root.render(
    <StrictMode>
      <App />
    </StrictMode>
  )
}
