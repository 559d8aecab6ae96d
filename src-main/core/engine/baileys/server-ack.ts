// Waits for the server's ack of one stanza a socket sends: its error code ('' when accepted), or undefined at the
// timeout. Baileys emits every incoming stanza on its WebSocket as `TAG:<id>`; the ack of our message carries its id
// (as a later receipt would, hence the tag check).
type StanzaSource = { on(ev: string, fn: (frame: { tag: string; attrs: Record<string, string> }) => void): unknown; off(ev: string, fn: (...a: never[]) => void): unknown }

export function serverAck(ws: StanzaSource, id: string, timeoutMs: number): { result: Promise<string | undefined>; cancel(): void } {
  const event = `TAG:${id}`
  let cancel = () => {}
  const result = new Promise<string | undefined>((resolve) => {
    const on = (frame: { tag: string; attrs: Record<string, string> }) => {
      cancel()
      resolve(frame.tag === 'ack' ? (frame.attrs.error ?? '') : '')
    }
    const timer = setTimeout(() => {
      cancel()
      resolve(undefined)
    }, timeoutMs)
    timer.unref()
    ws.on(event, on)
    cancel = () => {
      clearTimeout(timer)
      ws.off(event, on)
    }
  })
  return { result, cancel: () => cancel() }
}
