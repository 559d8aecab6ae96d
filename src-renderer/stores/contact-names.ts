// Local contact names (issue 20 item 7): the shop names a customer on this PC; the core keeps it and uses it for the
// chat list, the thread and notifications; here the open thread and the list take it at once.
import { bridge, call } from '../lib/bridge.js'
import { useChatsStore } from './chats-store.js'

/** Names (or with '' un-names) the open thread's contact; returns the name in force, null when cleared. */
export async function nameContact(instanceId: string, chatId: string, name: string): Promise<string | null> {
  const r = await call(bridge().chats.setName({ instanceId, chatId, name: name.trim() || null }))
  if (r.name) {
    useChatsStore.setState((s) => ({
      chats: s.chats.map((c) => (c.id === chatId ? { ...c, name: r.name! } : c)),
      thread: s.thread?.chatId === chatId ? { ...s.thread, name: r.name } : s.thread
    }))
  } else {
    // Cleared: the name WhatsApp knows comes back from the core.
    await useChatsStore.getState().loadChats(instanceId)
    useChatsStore.setState((s) => ({ thread: s.thread?.chatId === chatId ? { ...s.thread, name: s.chats.find((c) => c.id === chatId)?.name ?? null } : s.thread }))
  }
  return r.name
}
