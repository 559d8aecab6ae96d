// Chats of an instance: list with search and unread counts on the left, the open thread and composer on the right.
import { useEffect } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { InstancePicker } from '../../components/InstancePicker.js'
import { useAppStore } from '../../stores/app-store.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { ChatList } from './ChatList.js'
import { Composer } from './Composer.js'
import { ThreadView } from './ThreadView.js'

export function ChatsView() {
  const instanceId = useAppStore((s) => s.instanceId)
  const { error, thread, loadChats, setViewing } = useChatsStore()
  // Messages arriving in the open thread count as read only while this view is on screen.
  useEffect(() => {
    setViewing(true)
    return () => setViewing(false)
  }, [setViewing])
  useEffect(() => {
    if (instanceId) void loadChats(instanceId)
  }, [instanceId, loadChats])

  return (
    <section aria-labelledby="chats-title" className="view view-chats">
      <header className="view-header">
        <h1 id="chats-title">Chats</h1>
        <InstancePicker />
      </header>
      <ErrorNote error={error} />
      <div className="chats-layout">
        <ChatList />
        <div className="thread-column">
          {thread ? (
            <>
              <ThreadView />
              <Composer />
            </>
          ) : (
            <p className="empty">Choose a chat to read and reply.</p>
          )}
        </div>
      </div>
    </section>
  )
}
