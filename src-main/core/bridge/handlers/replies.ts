// replies.*: the acting account's saved replies (issue 20 item 7), over services.savedReplies.
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

export function replyHandlers({ services: { savedReplies }, account }: BridgeContext): HandlersOf<'replies'> {
  return {
    'replies.list': () => ({ replies: savedReplies.list(account().id) }),
    'replies.save': ({ id, shortcut, text }) => savedReplies.save(account().id, { ...(id !== undefined ? { id } : {}), shortcut, text }),
    'replies.remove': ({ id }) => ({ removed: savedReplies.remove(account().id, id) })
  }
}
