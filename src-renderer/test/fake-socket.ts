// A WebSocket double for transport tests: records constructions and sends; the test plays the core (hello,
// session, answers, close codes).
export class FakeSocket {
  static all: FakeSocket[] = []
  onopen: (() => void) | null = null
  onmessage: ((e: { data: unknown }) => void) | null = null
  onclose: ((e: { code: number; reason: string }) => void) | null = null
  sent: string[] = []
  constructor(
    readonly url: string,
    readonly protocols: string[]
  ) {
    FakeSocket.all.push(this)
  }
  send(data: string): void {
    this.sent.push(data)
  }
  /** The core accepted the credential: the socket opens, then hello (after the session token, for a link). */
  accept(session?: string): void {
    this.onopen?.()
    if (session) this.push({ type: 'session', token: session })
    this.push({ type: 'hello', version: 1 })
  }
  push(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) })
  }
  drop(code = 1006, reason = ''): void {
    this.onclose?.({ code, reason })
  }
  static latest(): FakeSocket {
    const s = FakeSocket.all.at(-1)
    if (!s) throw new Error('no socket was opened')
    return s
  }
}

export const FakeWebSocket = FakeSocket as unknown as typeof WebSocket
