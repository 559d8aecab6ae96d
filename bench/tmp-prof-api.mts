import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Session } from 'node:inspector/promises'
import { Pool } from 'undici'
import { createFileLogger } from '../src-main/core/logging/logger.js'
import { startCore } from '../src-main/core/start-core.js'
const token = 'bench-token-0123456789abcdef'
const dataDir = mkdtempSync(join(tmpdir(), 'sb-prof-'))
const { logger } = createFileLogger(join(dataDir, 'logs', 'switchboard.log'), 'info')
logger.level = 'warn'
const core = await startCore({ dataDir, port: 0, accessToken: token, logger, engine: { socketConfig: { waWebSocketUrl: 'ws://127.0.0.1:9/ws/chat' } } })
const id = core.instances.create('default').id
await core.instances.stop(id)
const pool = new Pool(core.url, { connections: 16 })
const drive = async (ms: number) => { let n = 0; const end = performance.now() + ms; await Promise.all(Array.from({ length: 16 }, async () => { while (performance.now() < end) { const r = await pool.request({ path: `/v2/session/info?instance_id=${id}`, method: 'GET', headers: { 'access-token': token } }); await r.body.text(); n++ } })); return n }
await drive(1500)
const s = new Session(); s.connect(); await s.post('Profiler.enable'); await s.post('Profiler.start')
const n = await drive(4000)
const { profile } = await s.post('Profiler.stop')
writeFileSync(process.argv[2] ?? '/tmp/s24prof/api.cpuprofile', JSON.stringify(profile))
console.log('requests', n, 'req/s', n / 4)
await pool.close(); await core.close(); process.exit(0)
