// One HTTP POST of a delivery, with a hard per-attempt timeout. Never throws: failures come back as data.
// Redirects are not followed (a 3xx is a failure, per Standard Webhooks).
import { Agent, request, type Dispatcher } from 'undici'

export interface PostResult {
  status?: number
  retryAfter?: string | null
  /** Network error, timeout, or "HTTP <status>: <start of the response body>". */
  error?: string
  durationMs: number
}

const ERROR_BODY_LIMIT = 512

export function createHttpAgent(connectionsPerOrigin = 16): Agent {
  return new Agent({ connections: connectionsPerOrigin, keepAliveTimeout: 10_000, pipelining: 1 })
}

async function readStart(body: Dispatcher.ResponseData['body']): Promise<string> {
  let text = ''
  for await (const chunk of body) {
    text += (chunk as Buffer).toString('utf8')
    if (text.length >= ERROR_BODY_LIMIT) break
  }
  body.destroy()
  return text.slice(0, ERROR_BODY_LIMIT)
}

export async function postJson(
  dispatcher: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  abort?: AbortSignal
): Promise<PostResult> {
  const started = performance.now()
  // One controller per POST, aborted by its own timer or by the caller's signal: AbortSignal.any() +
  // AbortSignal.timeout() cost several times more per request (weak references, a finalizer each).
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  timer.unref()
  const onAbort = () => controller.abort(abort?.reason)
  if (abort?.aborted) onAbort()
  else abort?.addEventListener('abort', onAbort, { once: true })
  try {
    const res = await request(url, { method: 'POST', headers, body, dispatcher, signal: controller.signal })
    const status = res.statusCode
    const retryAfter = typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null
    let error: string | undefined
    if (status >= 200 && status < 300) await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined)
    else error = `HTTP ${status}: ${await readStart(res.body).catch(() => '')}`.trimEnd()
    return { status, retryAfter, ...(error ? { error } : {}), durationMs: Math.round(performance.now() - started) }
  } catch (e) {
    const err = e as Error & { code?: string; cause?: { code?: string; message?: string } }
    const code = err.code ?? err.cause?.code
    const message = timedOut ? `timeout after ${timeoutMs} ms` : `${code ? `${code}: ` : ''}${err.cause?.message ?? err.message}`
    return { error: message, durationMs: Math.round(performance.now() - started) }
  } finally {
    clearTimeout(timer)
    abort?.removeEventListener('abort', onAbort)
  }
}
