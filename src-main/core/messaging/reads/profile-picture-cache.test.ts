// The 24-hour picture cache: fresh entries answer without the network, expired ones and refresh=true ask
// again, "no picture" answers are cached too, and a network failure is 502 without touching the cache.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { engineRequest } from '../../engine/engine-errors.js'
import type { SessionPort } from '../../engine/session-port.js'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../db/connection.js'
import { migrate } from '../../db/migrate.js'
import { appMigrations } from '../../db/migrations/index.js'
import { insertInstance } from '../../db/repositories/instances-repo.js'
import { PICTURE_TTL_MS, profilePicture, readCachedPicture } from './profile-picture-cache.js'

const INSTANCE = 'ABCDEFGH1234'
const JID = '15550000002@s.whatsapp.net'
let db: Db | undefined
afterEach(() => db?.close())

function setup(answers: (() => Promise<string | undefined>)[]) {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), 'sb-pp-')), 'app.db'))
  migrate(db, appMigrations)
  db.prepare("INSERT INTO accounts (id, name, plan, token_hash, created_at, updated_at) VALUES ('acc', 'a', 'free', 'h', 0, 0)").run()
  insertInstance(db, { id: INSTANCE, accountId: 'acc', sessionName: 's', status: 'STOPPED', desiredRunning: false, ratePolicy: 'strict', now: 0 })
  let calls = 0
  const socket = { pictureUrl: () => engineRequest(answers[calls++]!) } as unknown as SessionPort
  const lookup = (now: number) => ({ db: db!, instanceId: INSTANCE, socket: () => socket, now })
  return { lookup, calls: () => calls }
}

describe('profile picture cache', () => {
  it('answers from the cache for 24 h, then asks again; refresh=true always asks', async () => {
    const { lookup, calls } = setup([async () => 'https://pp/1', async () => 'https://pp/2', async () => 'https://pp/3'])
    const t0 = 1_000_000
    expect(await profilePicture(lookup(t0), JID, false)).toEqual({ url: 'https://pp/1', fetchedAt: t0, cached: false })
    expect(await profilePicture(lookup(t0 + PICTURE_TTL_MS - 1), JID, false)).toEqual({ url: 'https://pp/1', fetchedAt: t0, cached: true })
    expect(calls()).toBe(1)
    expect(await profilePicture(lookup(t0 + PICTURE_TTL_MS), JID, false)).toMatchObject({ url: 'https://pp/2', cached: false })
    expect(await profilePicture(lookup(t0 + PICTURE_TTL_MS + 1), JID, true)).toMatchObject({ url: 'https://pp/3', cached: false })
    expect(calls()).toBe(3)
  })

  it('caches "no picture" (404 / 401 from the network) as null', async () => {
    const notFound = Object.assign(new Error('item-not-found'), { data: 404 })
    const { lookup, calls } = setup([async () => Promise.reject(notFound)])
    expect(await profilePicture(lookup(5), JID, false)).toEqual({ url: null, fetchedAt: 5, cached: false })
    expect(await profilePicture(lookup(6), JID, false)).toEqual({ url: null, fetchedAt: 5, cached: true })
    expect(calls()).toBe(1)
  })

  it('a network failure is engine_request_failed and leaves the cache as it was', async () => {
    const timeout = Object.assign(new Error('Timed Out'), { output: { statusCode: 408 } })
    const { lookup } = setup([async () => 'https://pp/1', async () => Promise.reject(timeout)])
    await profilePicture(lookup(10), JID, false)
    await expect(profilePicture(lookup(11), JID, true)).rejects.toMatchObject({ code: 'engine_request_failed' })
    expect(readCachedPicture(db!, INSTANCE, JID, 12)).toMatchObject({ url: 'https://pp/1', fetchedAt: 10 })
  })
})
