// Live channels close when their credential stops authenticating (issue 21 item 1), through real clients against a
// real core on the sandbox: a /v2/events SSE stream, a /v2/events WebSocket, an MCP exchange still running (a
// send_media whose file never arrives) and a UI bridge connection of a link minted with the token. Each path that
// changes credentials is tried: the Settings view over the bridge (rotate, remove), the `accounts` CLI as ANOTHER
// PROCESS on the same data dir (rotate, remove), and the service the API and the bridge share. Every channel must
// be closed within a second, and no event carrying a message's text may arrive after the change.
import { execFile } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliCommand } from '../testing/cli-process.js'
import { Agent, fetch as undiciFetch } from 'undici'
import WebSocket from 'ws'
import { connectTestBridge } from '../bridge/testing/ws-bridge-client.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'
import { DEFAULT_ACCOUNT_ID } from '../db/repositories/accounts-repo.js'

const A = '15550421001' // the instance's own phone
const B = '15550421002' // a person who writes to it
/** The promise: closed within a second of the change. */
const WITHIN_MS = 1_000

let t: TestCore
let instanceId: string
let hanging: Server
let hangingUrl: string

/** One open channel: when it closed (ms since epoch), and the message texts it carried. */
interface Channel {
  name: string
  closed: Promise<number>
  texts: string[]
}

function sse(token: string): Promise<Channel> {
  const agent = new Agent()
  const texts: string[] = []
  return new Promise((ready, fail) => {
    let closed: Promise<number> | undefined = undefined
    closed = (async () => {
      const res = await undiciFetch(`${t.core.url}/v2/events?events=message`, { headers: { accept: 'text/event-stream', 'access-token': token }, dispatcher: agent })
      if (res.status !== 200) throw new Error(`SSE ${res.status}`)
      const reader = res.body!.getReader()
      let buffer = ''
      let connected = false
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffer += Buffer.from(value).toString()
          if (!connected && buffer.includes(': connected')) {
            connected = true
            ready({ name: 'sse', closed: closed!, texts })
          }
          for (const m of buffer.matchAll(/^data: (.*)$/gm)) texts.push(String((JSON.parse(m[1]!) as { payload: { body?: string } }).payload.body))
          buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2)
        }
      } catch {
        // a reset connection is a close too
      }
      void agent.close()
      return Date.now()
    })()
    closed.catch(fail)
  })
}

function ws(token: string): Promise<Channel> {
  const socket = new WebSocket(`${t.core.url.replace(/^http/, 'ws')}/v2/events?events=message`, { headers: { 'access-token': token } })
  const texts: string[] = []
  const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now())))
  socket.on('message', (data) => texts.push(String((JSON.parse(data.toString()) as { payload: { body?: string } }).payload.body)))
  return new Promise((ready, fail) => {
    socket.once('open', () => ready({ name: 'websocket', closed, texts }))
    socket.once('error', fail)
  })
}

/** An MCP tools/call that waits on a file that never comes: open until the server ends it. */
async function mcp(token: string): Promise<Channel> {
  const closed = fetch(`${t.core.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'send_media', arguments: { instance_id: instanceId, chat_id: B, kind: 'image', url: hangingUrl } } })
  }).then(
    async (res) => {
      await res.text()
      throw new Error(`MCP answered ${res.status}: it should have been cut off`)
    },
    () => Date.now()
  )
  // Open once the core asks the file server for the file.
  await waitUntil(() => pendingFileRequests > 0, 10_000, 'the MCP exchange to fetch its file')
  return { name: 'mcp', closed, texts: [] }
}

/** A UI bridge connection of a link minted with the token (POST /ui/link). */
async function uiBridge(token: string): Promise<Channel> {
  const res = await fetch(`${t.core.url}/ui/link`, { method: 'POST', headers: { 'access-token': token } })
  expect(res.status).toBe(200)
  const link = new URL(((await res.json()) as { url: string }).url).hash.replace('#token=', '')
  const b = await connectTestBridge(t.core.url, link)
  const closed = new Promise<number>((r) => b.socket.once('close', () => r(Date.now())))
  return { name: 'ui-bridge', closed, texts: [] }
}

let pendingFileRequests = 0

function tokenOf(accountId: string): string {
  // The account's own token: the default one is the harness's; others are made by the test.
  return accountId === DEFAULT_ACCOUNT_ID ? t.token : tokens.get(accountId)!
}
const tokens = new Map<string, string>()

/** One `accounts` command in its own Node process on the core's data dir (the server keeps running). */
function accountsCli(...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(...cliCommand(['accounts', ...args, '--data-dir', t.dataDir]), { timeout: 60_000 }, (error, _out, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve()
    )
  })
}

/**
 * Opens the channels, makes the change, then has B write a message: every channel must close within WITHIN_MS of
 * the change, and none may carry the message's text.
 */
async function expectClosedBy(channels: Channel[], change: () => Promise<unknown>, marker: string): Promise<void> {
  await change()
  const changedAt = Date.now()
  await t.core.sandbox!.sendText(B, A, marker)
  const closedAt = await Promise.all(channels.map((c) => c.closed))
  for (const [i, c] of channels.entries()) expect(closedAt[i]! - changedAt, `${c.name} closed ${closedAt[i]! - changedAt} ms after the change`).toBeLessThanOrEqual(WITHIN_MS)
  // The message is in the store (so it was an event), yet no stream carried it.
  const stored = async () => (await fetch(`${t.core.url}/v2/chats/messages?instance_id=${instanceId}&chatId=${B}&downloadMedia=false`, { headers: { 'access-token': t.token } })).text()
  await waitUntil(async () => (await stored()).includes(marker), 10_000, 'the message stored')
  for (const c of channels) expect(c.texts, c.name).not.toContain(marker)
  expect(t.core.services.liveChannels.size).toBe(0)
}

beforeAll(async () => {
  hanging = createServer(() => {
    pendingFileRequests++ // never answered
  })
  await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r))
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/never.jpg`
  t = await startTestCore('sandbox')
  instanceId = await pairInstance(t, A)
  await t.core.sandbox!.createPhone({ phoneNumber: B, name: 'B' })
  // A first message, so later ones are ordinary chat messages.
  await t.core.sandbox!.sendText(B, A, 'before anything')
}, 60_000)

afterAll(async () => {
  hanging?.closeAllConnections()
  hanging?.close()
  await t?.close()
})

describe('live channels and the credential they were opened with', () => {
  it('they carry events while the token is good (the baseline the other tests rely on)', async () => {
    const [s, w] = [await sse(t.token), await ws(t.token)]
    await t.core.sandbox!.sendText(B, A, 'live 1')
    await waitUntil(() => s.texts.includes('live 1') && w.texts.includes('live 1'), 10_000, 'both streams to carry the message')
    // Still open; a rotation of ANOTHER account leaves them alone.
    const other = t.core.services.accounts.add({ name: 'Other' })
    t.core.services.accounts.rotate(other.account.id)
    await new Promise((r) => setTimeout(r, 600))
    expect(t.core.services.liveChannels.size).toBe(2)
    await t.core.services.accounts.remove(other.account.id)
    // The service the API and the bridge share: rotating the channels' own token.
    await expectClosedBy([s, w], async () => (t.token = t.core.services.accounts.rotate(DEFAULT_ACCOUNT_ID).token), 'after service rotation')
  })

  it('the Settings view rotates the token: SSE, WebSocket, MCP and the UI bridge of a link minted with it close', async () => {
    const channels = [await sse(t.token), await ws(t.token), await mcp(t.token), await uiBridge(t.token)]
    // The Settings view is itself a bridge client (the desktop's, not tied to the token).
    const settings = await connectTestBridge(t.core.url, t.core.ui.mintLinkPath().replace('/ui/#token=', ''))
    await expectClosedBy(channels, async () => {
      const rotated = await settings.bridge.accounts.rotate({ accountId: DEFAULT_ACCOUNT_ID })
      if (!rotated.ok) throw new Error(rotated.error.message)
      t.token = rotated.data.token
    }, 'after settings rotation')
    // The Settings view's own connection stays (it was not opened with the token).
    expect(settings.socket.readyState).toBe(WebSocket.OPEN)
    settings.close()
  })

  it('the accounts CLI rotates the token from another process: every channel closes', async () => {
    const channels = [await sse(t.token), await ws(t.token), await mcp(t.token), await uiBridge(t.token)]
    const old = t.token
    await expectClosedBy(channels, async () => {
      await accountsCli('rotate', DEFAULT_ACCOUNT_ID)
      // The new one, as the CLI kept it in the data dir (secrets.json).
      t.token = t.core.revealDefaultToken()!
    }, 'after cli rotation')
    // The old token is refused from now on, streams included.
    expect((await fetch(`${t.core.url}/v2/events`, { headers: { 'access-token': old } })).status).toBe(401)
    expect(t.token).not.toBe(old)
    expect((await fetch(`${t.core.url}/v2/sessions`, { headers: { 'access-token': t.token } })).status).toBe(200)
  })

  it('removing an account (accounts CLI in another process, or the Settings view) closes its streams', async () => {
    for (const path of ['cli', 'settings'] as const) {
      const added = t.core.services.accounts.add({ name: `Removed by ${path}` })
      tokens.set(added.account.id, added.token)
      const channels = [await sse(tokenOf(added.account.id)), await ws(tokenOf(added.account.id))]
      expect(t.core.services.liveChannels.size).toBe(2)
      const remove = async () => {
        if (path === 'cli') return accountsCli('remove', added.account.id)
        const settings = await connectTestBridge(t.core.url, t.core.ui.mintLinkPath().replace('/ui/#token=', ''))
        const removed = await settings.bridge.accounts.remove({ accountId: added.account.id })
        if (!removed.ok) throw new Error(removed.error.message)
        settings.close()
      }
      await expectClosedBy(channels, remove, `after ${path} removal`)
    }
  })
})
