// What a simulated person sent and received (decrypted), refreshed every few seconds while open.
import { useEffect } from 'react'
import { formatTime } from '../../lib/format.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'

const REFRESH_MS = 3_000

export function Inbox({ phoneNumber }: { phoneNumber: string }) {
  const messages = useSandboxStore((s) => s.inbox[phoneNumber])
  const loadInbox = useSandboxStore((s) => s.loadInbox)
  useEffect(() => {
    void loadInbox(phoneNumber)
    const t = setInterval(() => void loadInbox(phoneNumber), REFRESH_MS)
    return () => clearInterval(t)
  }, [phoneNumber, loadInbox])
  if (!messages) return <p className="muted">Loading…</p>
  if (!messages.length) return <p className="empty">No messages yet.</p>
  return (
    <ol className="inbox" aria-label={`Inbox of ${phoneNumber}`}>
      {messages.map((m) => (
        <li key={m.id} className={m.fromMe ? 'out' : 'in'}>
          <span className="muted small">
            {m.fromMe ? `to ${m.to.split('@')[0]}` : `from ${m.from.split('@')[0]}`} · {formatTime(m.timestamp)}
          </span>
          <span className="text">{m.text ?? `[${m.type}]`}</span>
        </li>
      ))}
    </ol>
  )
}
