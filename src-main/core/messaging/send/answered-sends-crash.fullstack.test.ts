// Answered sends survive repeated SIGKILLs of a real core process (issue 21 items 2 and 3), through the headless
// CLI on the sandbox network with the unlimited policy: several clients send as fast as they are answered, the core
// is killed mid-load three times and started again on the same data dir. Every send answered 200 must reach the
// recipient's phone (0 lost), none twice, its fate `sent` once the server acked it; and neither the recipient's
// phone nor the account's own phone (which gets a copy of each) may fail to decrypt a message: a crash must never
// make our linked device reuse a Signal message key.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cliApi as api, startCliProcess, type CliProcess } from '../../testing/cli-process.js'
import { waitUntil } from '../../sandbox/testing/wait.js'

const token = 'answered-sends-crash-token'
const dataDir = mkdtempSync(join(tmpdir(), 'sb-answered-'))
const ME = '15550320001'
const PEER = '15550320002'
const KILLS = 3
const SENDERS = 6
/** Sends answered in a round before its kill (which lands while others are in flight), and a little jitter after. */
const PER_ROUND = 12
const JITTER_MS = [0, 40, 90]

const children: ChildProcess[] = []
const startCli = (): Promise<CliProcess> => startCliProcess({ dataDir, token, args: ['--plan', 'paid'], detached: true, onSpawn: (c) => children.push(c) })
const until = <T>(fn: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> => waitUntil(fn, ms, what, 200)

interface PhoneMessage {
  id: string
  text: string | null
  fromMe: boolean
}
interface DecryptFailures {
  count: number
  recent: { id: string; error: string }[]
}

afterAll(() => {
  for (const c of children) if (c.pid && c.exitCode === null && c.signalCode === null) process.kill(-c.pid, 'SIGKILL')
})

describe('sends answered 200 across repeated SIGKILLs of the core', () => {
  it('all reach the phone once, end `sent`, and no phone fails to decrypt one', async () => {
    let cli = await startCli()
    const id = String((await api(cli, 'POST', '/v2/session/create')).body.instance_id)
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'SCAN_QR_CODE', 30_000, 'QR')
    const qr = (await api(cli, 'GET', `/v2/auth/qr?instance_id=${id}`)).body.value
    expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: ME, name: 'Own' })).status).toBe(201)
    expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: PEER, name: 'Peer' })).status).toBe(201)
    expect((await api(cli, 'POST', `/sandbox/phones/${ME}/scan`, { qr })).status).toBe(200)
    const working = (c: CliProcess) => until(async () => (await api(c, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'WORKING', 30_000, 'WORKING')
    await working(cli)
    expect((await api(cli, 'PATCH', `/v2/session/rate-limit?instance_id=${id}`, { policy_slug: 'unlimited' })).status).toBe(200)
    // The chat exists before the load (the first message of a new chat waits for its ack).
    expect((await api(cli, 'POST', `/v2/send/text?instance_id=${id}`, { chatId: PEER, message: 'hello' })).status).toBe(200)

    const answered = new Map<string, string>()
    let n = 0
    for (let round = 0; round < KILLS; round++) {
      const c = cli
      let stop = false
      let inRound = 0
      const sender = async () => {
        while (!stop) {
          const text = `load ${round}.${n++}`
          try {
            const r = await api(c, 'POST', `/v2/send/text?instance_id=${id}`, { chatId: PEER, message: text })
            if (r.status === 200) {
              answered.set(String((r.body.key as { id: string }).id), text)
              inRound++
            }
          } catch {
            return // the kill: the request never got its answer, so it was never promised
          }
        }
      }
      const load = Array.from({ length: SENDERS }, sender)
      await waitUntil(() => inRound >= PER_ROUND, 30_000, `${PER_ROUND} sends answered in round ${round}`, 5)
      await new Promise((r) => setTimeout(r, JITTER_MS[round]))
      process.kill(-c.child.pid!, 'SIGKILL')
      stop = true
      await Promise.all(load)
      await c.exited
      cli = await startCli()
      await working(cli)
    }
    expect(answered.size).toBeGreaterThanOrEqual(KILLS * PER_ROUND)

    // 0 lost: every answered id at the recipient's phone (and its copy at the account's own phone), none twice.
    const inbox = async (phone: string) => (await api(cli, 'GET', `/sandbox/phones/${phone}/messages`)).body as unknown as PhoneMessage[]
    const missing = async (phone: string, fromMe: boolean) => {
      const got = new Set((await inbox(phone)).filter((m) => m.fromMe === fromMe).map((m) => m.id))
      return [...answered.keys()].filter((m) => !got.has(m))
    }
    await until(async () => (await missing(PEER, false)).length === 0, 30_000, 'every answered send at the phone').catch(async (e: Error) => {
      throw new Error(`${e.message}: ${(await missing(PEER, false)).length} of ${answered.size} lost`)
    })
    await until(async () => (await missing(ME, true)).length === 0, 20_000, "every answered send's copy at the account's own phone").catch(async (e: Error) => {
      // Slow (a loaded machine) or undecryptable (a reused Signal key): the phone's decrypt failures say which.
      const failures = (await api(cli, 'GET', `/sandbox/phones/${ME}/decrypt-failures`)).body as unknown as DecryptFailures
      throw new Error(`${e.message}: ${(await missing(ME, true)).length} of ${answered.size} missing; the own phone's decrypt failures: ${JSON.stringify(failures)}`)
    })
    const peer = (await inbox(PEER)).filter((m) => !m.fromMe)
    expect(new Set(peer.map((m) => m.id)).size).toBe(peer.length)
    for (const m of peer) if (answered.has(m.id)) expect(m.text).toBe(answered.get(m.id))

    // Each one ends `sent` (acked by the server), none left to send again.
    const fate = async (m: string) => ((await api(cli, 'GET', `/v2/send/queue?instance_id=${id}&messageId=${m}`)).body.message as { status: string } | null)?.status
    await until(async () => {
      for (const m of answered.keys()) if ((await fate(m)) !== 'sent') return false
      return true
    }, 20_000, 'every answered send marked sent')

    // No decrypt failure on either phone (a reused Signal message key shows as "Key used already or never filled").
    for (const phone of [PEER, ME]) {
      const failures = (await api(cli, 'GET', `/sandbox/phones/${phone}/decrypt-failures`)).body as unknown as DecryptFailures
      expect(failures, `${phone}: ${JSON.stringify(failures.recent)}`).toMatchObject({ count: 0 })
    }
    cli.child.kill('SIGTERM')
    await cli.exited
  }, 240_000)
})
