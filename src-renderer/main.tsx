// Renderer entry: styles, then boot (bridge from the preload or over WebSocket, live updates, the app).
import { boot } from './lib/boot.js'
import './styles/app.css'

boot(document.getElementById('root')!)
