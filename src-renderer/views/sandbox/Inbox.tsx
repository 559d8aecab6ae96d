// What a simulated person sent and received (decrypted), refreshed every few seconds while open. A photo shows as
// a thumbnail with its caption (its bytes read once through sandbox.media), other files by their type.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SandboxMessageDto } from '../../../src-preload/contract/dto.js'
import { bridge, call } from '../../lib/bridge.js'
import { formatTime } from '../../lib/format.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'

const REFRESH_MS = 3_000

/** Thumbnails already read, per phone and message (the inbox refreshes every few seconds). */
const thumbnails = new Map<string, string>()

function Thumbnail({ phoneNumber, m }: { phoneNumber: string; m: SandboxMessageDto }) {
  const { t } = useTranslation()
  const key = `${phoneNumber} ${m.id}`
  const [src, setSrc] = useState(() => thumbnails.get(key))
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (src) return
    let live = true
    call(bridge().sandbox.media({ phoneNumber, messageId: m.id })).then(
      (c) => {
        thumbnails.set(key, c.dataUrl)
        if (live) setSrc(c.dataUrl)
      },
      () => live && setFailed(true)
    )
    return () => {
      live = false
    }
  }, [key, src, phoneNumber, m.id])
  if (failed) return <span className="muted small">{t('sandbox.inbox.unavailable')}</span>
  return src ? <img className="inbox-thumb" src={src} alt={m.text ? t('sandbox.inbox.photoCaption', { text: m.text }) : t('sandbox.inbox.photo')} /> : <span className="inbox-thumb loading" aria-label={t('sandbox.inbox.loadingPhoto')} />
}

const isPhoto = (m: SandboxMessageDto) => !!m.media && (m.media.mimetype?.startsWith('image/') ?? m.type === 'image')

export function Inbox({ phoneNumber }: { phoneNumber: string }) {
  const { t } = useTranslation()
  const messages = useSandboxStore((s) => s.inbox[phoneNumber])
  const loadInbox = useSandboxStore((s) => s.loadInbox)
  useEffect(() => {
    void loadInbox(phoneNumber)
    const timer = setInterval(() => void loadInbox(phoneNumber), REFRESH_MS)
    return () => clearInterval(timer)
  }, [phoneNumber, loadInbox])
  if (!messages) return <p className="muted">{t('common.loading')}</p>
  if (!messages.length) return <p className="empty">{t('sandbox.inbox.empty')}</p>
  return (
    <ol className="inbox" aria-label={t('sandbox.inbox.label', { phone: phoneNumber })}>
      {messages.map((m) => (
        <li key={m.id} className={m.fromMe ? 'out' : 'in'}>
          <span className="muted small">
            {m.fromMe ? t('sandbox.inbox.to', { who: m.to.split('@')[0] }) : t('sandbox.inbox.from', { who: m.from.split('@')[0] })} · {formatTime(m.timestamp)}
          </span>
          {isPhoto(m) ? <Thumbnail phoneNumber={phoneNumber} m={m} /> : null}
          <span className="text">{m.text ?? (isPhoto(m) ? '' : `[${m.type}]`)}</span>
        </li>
      ))}
    </ol>
  )
}
