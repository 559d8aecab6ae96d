// Announces customers' messages (issue 20 item 2): a notification (the desktop app's own through `window.desktop`,
// else the browser's Notification API once permitted), an optional short sound, the unread total in the window/tab
// title and the tray, and a click that opens the chat. Never for our own messages, old ones (a sync catching up),
// a muted instance, or the chat the user has open in a focused window. Wired once at start-up (boot.tsx).
import type { Bridge } from '../../src-preload/contract/client.js'
import type { BridgeEvents } from '../../src-preload/contract/events.js'
import { mediaLabel } from '../../src-preload/contract/media-label.js'
import { useAppStore } from '../stores/app-store.js'
import { useChatsStore } from '../stores/chats-store.js'
import { useNotifyStore } from '../stores/notify-store.js'
import { totalUnread, useUnreadStore } from '../stores/unread-store.js'
import { desktopShell } from './desktop.js'
import { chatIdNumber } from './phone.js'
import { t } from '../i18n/index.js'

/** A message older than this when it arrives is a catch-up (reconnect, sync), not news. */
export const FRESH_MS = 10 * 60_000
const APP_TITLE = 'Switchboard'

export interface AnnounceContext {
  now: number
  muted: readonly string[]
  /** The chat on screen in a window that has the focus, if any. */
  focusedChat: { instanceId: string; chatId: string } | null
  /** Already announced (a message can be pushed twice: stored, then recovered). */
  seen(messageId: string): boolean
}

/** Whether a pushed message is announced. PURE. */
export function shouldAnnounce({ instanceId, message: m }: BridgeEvents['chat.message'], ctx: AnnounceContext): boolean {
  if (m.fromMe || ctx.muted.includes(instanceId) || ctx.seen(m.id)) return false
  if (m.timestamp < ctx.now - FRESH_MS) return false
  return !(ctx.focusedChat?.instanceId === instanceId && ctx.focusedChat.chatId === m.chatId)
}

/** "(3) Switchboard" while there are unread messages. PURE. */
export const titleWithUnread = (unread: number): string => (unread > 0 ? `(${unread > 999 ? '999+' : unread}) ${APP_TITLE}` : APP_TITLE)

/** The notification's words: who (the chat's name as listed, else the sender, else the number) and what. */
function noticeOf({ instanceId, message: m }: BridgeEvents['chat.message']): { title: string; body: string; tag: string } {
  const listed = useChatsStore.getState().instanceId === instanceId ? useChatsStore.getState().chats.find((c) => c.id === m.chatId)?.name : undefined
  const number = chatIdNumber(m.chatId)
  const who = [listed, m.sender].find((n) => n && n !== m.chatId.split('@')[0]) ?? number
  const body = m.text ?? (m.media ? mediaLabel(m.media) : t('uiWords.misc.newMessage'))
  return { title: who, body: body.length > 200 ? `${body.slice(0, 199)}…` : body, tag: `${instanceId} ${m.chatId}` }
}

/** Opens the chat a notification was about (its tag: "instanceId chatId"). */
export async function openFromNotice(tag: string): Promise<void> {
  const [instanceId, chatId] = tag.split(' ')
  if (!instanceId || !chatId) return
  window.focus()
  useAppStore.getState().go('chats', instanceId)
  const chats = useChatsStore.getState()
  if (chats.instanceId !== instanceId) await chats.loadChats(instanceId, '')
  await useChatsStore.getState().openChat(chatId)
}

/** A short two-tone chime made on the spot (no sound file to ship or load). */
function chime(): void {
  const Ctx = (window as { AudioContext?: typeof AudioContext }).AudioContext
  if (!Ctx) return
  try {
    const ctx = new Ctx()
    const gain = ctx.createGain()
    gain.gain.setValueAtTime(0.08, ctx.currentTime)
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35)
    gain.connect(ctx.destination)
    for (const [freq, at] of [[880, 0], [1320, 0.12]] as const) {
      const osc = ctx.createOscillator()
      osc.frequency.value = freq
      osc.connect(gain)
      osc.start(ctx.currentTime + at)
      osc.stop(ctx.currentTime + at + 0.2)
    }
    setTimeout(() => void ctx.close(), 600)
  } catch {
    // no audio device: silence
  }
}

function show(notice: { title: string; body: string; tag: string }, sound: boolean): void {
  const desktop = desktopShell()
  if (desktop) desktop.notify({ ...notice, silent: true })
  else if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    const n = new Notification(notice.title, { body: notice.body, tag: notice.tag })
    n.onclick = () => {
      n.close()
      void openFromNotice(notice.tag)
    }
  }
  if (sound) chime()
}

/** The chat the user is looking at now, if the window has the focus. */
function focusedChat(): AnnounceContext['focusedChat'] {
  const { thread, viewing } = useChatsStore.getState()
  const visible = document.visibilityState !== 'hidden' && document.hasFocus()
  return visible && viewing && thread ? { instanceId: thread.instanceId, chatId: thread.chatId } : null
}

export function wireAnnouncements(b: Bridge): () => void {
  const seen = new Set<string>()
  void useNotifyStore.getState().load()
  const offMessage = b.on('chat.message', (e) => {
    const { muted, sound } = useNotifyStore.getState()
    if (!shouldAnnounce(e, { now: Date.now(), muted, focusedChat: focusedChat(), seen: (id) => seen.has(`${e.instanceId} ${id}`) })) return
    seen.add(`${e.instanceId} ${e.message.id}`)
    // Bounded: the oldest ids go first (a re-push comes within seconds).
    if (seen.size > 500) seen.delete(seen.values().next().value!)
    show(noticeOf(e), sound)
  })
  // The unread total in the title and the tray, as the counts change.
  const showTotal = (unread: number) => {
    document.title = titleWithUnread(unread)
    desktopShell()?.setUnread(unread)
  }
  showTotal(totalUnread(useUnreadStore.getState().byInstance))
  const offUnread = useUnreadStore.subscribe((s, prev) => {
    if (s.byInstance !== prev.byInstance) showTotal(totalUnread(s.byInstance))
  })
  const offClick = desktopShell()?.onNotificationClick((tag) => void openFromNotice(tag))
  return () => {
    offMessage()
    offUnread()
    offClick?.()
  }
}
