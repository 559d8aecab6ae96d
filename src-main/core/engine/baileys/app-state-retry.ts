// App-state writes (archive, read, labels, star, contacts, quick replies...) retried after a version conflict:
// another device of the account (the phone) patched the same collection first and the server refused ours with
// 409. Baileys resyncs the collection before each patch, so the next try lands on top; rc14 does not retry itself.
import type { WASocket } from '@whiskeysockets/baileys'

/** Every public socket method that ends in Baileys' appPatch (Socket/chats.js). */
export const APP_STATE_WRITERS = [
  'appPatch', 'chatModify', 'star', 'addOrEditContact', 'removeContact', 'addLabel', 'addChatLabel', 'removeChatLabel',
  'addMessageLabel', 'removeMessageLabel', 'addOrEditQuickReply', 'removeQuickReply', 'updateDisableLinkPreviewsPrivacy'
] as const satisfies readonly (keyof WASocket)[]

/** Conflicts in a row before the error reaches the caller (each try resyncs first, so two are already rare). */
export const MAX_CONFLICT_RETRIES = 4

const isVersionConflict = (e: unknown): boolean => (e as { data?: unknown } | undefined)?.data === 409

/** Wraps `call` so that a 409 from the app-state server is retried (resync included) up to MAX_CONFLICT_RETRIES times. */
export function retryingConflicts<A extends unknown[], R>(call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A): Promise<R> => {
    for (let conflicts = 0; ; conflicts++) {
      try {
        return await call(...args)
      } catch (e) {
        if (!isVersionConflict(e) || conflicts >= MAX_CONFLICT_RETRIES) throw e
      }
    }
  }
}

/** Installs the retry on one socket's app-state writers (the socket object is a plain record of closures). */
export function retryAppStateConflicts(socket: WASocket): void {
  const writable = socket as unknown as Record<string, unknown>
  for (const name of APP_STATE_WRITERS) {
    const method = writable[name]
    if (typeof method === 'function') writable[name] = retryingConflicts(method as (...args: unknown[]) => Promise<unknown>)
  }
}
