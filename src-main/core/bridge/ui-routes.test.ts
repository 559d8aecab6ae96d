// /ui/ without a renderer build: a page that says how to build it (with a script that exists in package.json).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { BridgeServer } from './server.js'
import { registerUiRoutes } from './ui-routes.js'
import { createUiCredentials } from './ui-token.js'

const server: BridgeServer = { attach: () => () => undefined, broadcast: () => undefined, connectionCount: () => 0, close: () => undefined }

describe('/ui/ without a build', () => {
  it('answers 503 and names a build script that exists', async () => {
    const app = Fastify()
    await registerUiRoutes(app, { credentials: createUiCredentials(), server, rendererDir: '/nonexistent/renderer', apiUrl: () => 'http://127.0.0.1:3000', accountId: 'default', liveChannels: { hold: () => () => {} } })
    const res = await app.inject({ method: 'GET', url: '/ui/' })
    expect(res.statusCode).toBe(503)
    expect(res.body).toContain('<code>npm run build</code>')
    const scripts = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
    for (const named of res.body.matchAll(/npm run ([\w:-]+)/g)) expect(scripts).toHaveProperty(named[1]!)
    await app.close()
  })
})
