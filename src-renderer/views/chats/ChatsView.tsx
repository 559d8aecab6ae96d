// Chats of an instance: list with search and unread counts on the left, the open thread and composer on the right.
// Without instances there is only the way to create one; when the instance cannot send, the composer says why.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/ErrorNote.js'
import { ContactName } from './ContactName.js'
import { FocusedMessage } from './FocusedMessage.js'
import { InstancePicker } from '../../components/InstancePicker.js'
import { useAppStore } from '../../stores/app-store.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { ChatList } from './ChatList.js'
import { Composer } from './Composer.js'
import { InstanceStateNote } from './InstanceStateNote.js'
import { NotifyControls } from './NotifyControls.js'
import { ThreadView } from './ThreadView.js'

export function ChatsView() {
  const instanceId = useAppStore((s) => s.instanceId)
  const reconnects = useAppStore((s) => s.reconnects)
  const instance = useInstancesStore((s) => s.overview?.instances.find((i) => i.id === instanceId))
  const noInstances = useInstancesStore((s) => s.overview?.instances.length === 0)
  const { error, thread, loadChats, openChat, setViewing } = useChatsStore()
  const { t } = useTranslation()
  // Messages arriving in the open thread count as read only while this view is on screen.
  useEffect(() => {
    setViewing(true)
    return () => setViewing(false)
  }, [setViewing])
  useEffect(() => {
    if (instanceId) void loadChats(instanceId)
  }, [instanceId, loadChats])
  // Back after an outage: what arrived meanwhile is listed, and the open thread reloaded.
  useEffect(() => {
    if (!reconnects) return
    const { instanceId: shown, thread: open } = useChatsStore.getState()
    if (shown) void loadChats(shown)
    if (open) void openChat(open.chatId)
  }, [reconnects, loadChats, openChat])
  return (
    <section aria-labelledby="chats-title" className="view view-chats">
      <header className="view-header">
        <h1 id="chats-title">{t('nav.chats')}</h1>
        <InstancePicker />
        {instance ? <NotifyControls instanceId={instance.id} /> : null}
      </header>
      <ErrorNote error={error} />
      {instance ? <InstanceStateNote instance={instance} /> : null}
      {noInstances ? null : (
        <div className="chats-layout">
          <ChatList />
          <div className="thread-column">
            {thread ? (
              <>
                <ContactName />
                <ThreadView />
                <FocusedMessage />
                <Composer disabled={!!instance && instance.status !== 'WORKING'} />
              </>
            ) : (
              <p className="empty">{t('chats.choose')}</p>
            )}
          </div>
        </div>
      )}
    </section>
  )
}
