// Media of messages fetched from the core over the bridge (chats.media: a data: URL), kept for the thread's bubbles
// so scrolling and re-rendering do not fetch again. Bounded by total size: the oldest entries go first. A failure
// is not kept, so "Try again" asks the core again.
import type { MediaContentDto } from '../../../src-preload/contract/dto.js'
import { bridge, call } from '../../lib/bridge.js'

/** Data URLs kept in memory at most (the largest single file the core sends is 16 MiB). */
const MAX_CACHED_BYTES = 64 * 1024 * 1024

const cache = new Map<string, { size: number; content: Promise<MediaContentDto> }>()
const keyOf = (instanceId: string, messageId: string) => `${instanceId}/${messageId}`

function keep(key: string, size: number, content: Promise<MediaContentDto>): void {
  cache.delete(key)
  cache.set(key, { size, content })
  let total = [...cache.values()].reduce((sum, e) => sum + e.size, 0)
  for (const [k, e] of cache) {
    if (total <= MAX_CACHED_BYTES || k === key) break
    cache.delete(k)
    total -= e.size
  }
}

/** The message's media, from memory or the core. */
export function loadMedia(instanceId: string, chatId: string, messageId: string): Promise<MediaContentDto> {
  const key = keyOf(instanceId, messageId)
  const hit = cache.get(key)
  if (hit) return hit.content
  const content = call(bridge().chats.media({ instanceId, chatId, messageId }))
  keep(key, 0, content)
  content.then(
    (c) => cache.get(key)?.content === content && keep(key, c.dataUrl.length, content),
    () => cache.get(key)?.content === content && cache.delete(key)
  )
  return content
}

/** What was just sent from this app: shown from the bytes at hand, without asking the core for them again. */
export function rememberMedia(instanceId: string, messageId: string, content: MediaContentDto): void {
  keep(keyOf(instanceId, messageId), content.dataUrl.length, Promise.resolve(content))
}

/** Tests: start empty. */
export function clearMediaCache(): void {
  cache.clear()
}
