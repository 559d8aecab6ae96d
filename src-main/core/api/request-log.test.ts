// The request log with lazy request loggers: a line per answered request at its level (client errors at info,
// successes only at debug), each carrying its request id, and a handler's own lines too.
import Fastify from 'fastify'
import pino from 'pino'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { lazyChildLogger, RequestLog } from './request-log.js'

function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    }
  })
  const logger = pino({ level }, sink)
  const app = Fastify({ loggerInstance: logger, logController: new RequestLog(), childLoggerFactory: lazyChildLogger })
  app.get('/ok', async (request) => ({ level: request.log.level }))
  app.get('/warns', async (request) => {
    request.log.warn({ detail: 1 }, 'handler line')
    return { ok: true }
  })
  return { app, lines }
}

const settle = () => new Promise((r) => setImmediate(r))

describe('request log with lazy request loggers', () => {
  it('writes nothing for a success at info (the request logger reports the level); a client error one line with the request id', async () => {
    const { app, lines } = appWithLog('info')
    const ok = await app.inject({ method: 'GET', url: '/ok' })
    expect(ok.json()).toEqual({ level: 'info' })
    await settle()
    expect(lines).toEqual([])
    await app.inject({ method: 'GET', url: '/missing?x=1' })
    await settle()
    // (Fastify's default not-found handler adds its own line; the request line is ours.)
    const requestLines = lines.filter((l) => l.msg === 'request')
    expect(requestLines).toHaveLength(1)
    expect(requestLines[0]).toMatchObject({ level: 30, msg: 'request', reqId: expect.any(String), req: { url: '/missing?x=1' }, res: { statusCode: 404 } })
  })

  it('logs successes at debug, and a handler\'s own lines carry the same request id as its request line', async () => {
    const { app, lines } = appWithLog('debug')
    await app.inject({ method: 'GET', url: '/warns' })
    await settle()
    expect(lines.map((l) => l.msg)).toEqual(['handler line', 'request'])
    expect(lines[0]).toMatchObject({ level: 40, detail: 1 })
    expect(lines[0]!.reqId).toBe(lines[1]!.reqId)
    expect(lines[1]).toMatchObject({ level: 20, res: { statusCode: 200 } })
  })
})
