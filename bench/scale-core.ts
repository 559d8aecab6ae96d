// The core under measurement as a child process, as `npm run serve` runs it (node + tsx + src-main/cli.ts, sandbox
// network, paid plan, unlimited quota), with the bench probe preloaded: spawn/stop/kill, /health, authenticated
// JSON calls, memory (RSS from /proc, heap from the probe after a GC) and CPU ticks from /proc/<pid>/stat.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Pool } from 'undici'

const root = fileURLToPath(new URL('..', import.meta.url))

export interface Memory {
  rssMb: number
  heapUsedMb: number
  heapTotalMb: number
  externalMb: number
  spacesMb: Record<string, number>
}

const mb = (b: number) => b / 1024 / 1024
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address()
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0))
    })
  })
}

export class CoreProcess {
  child: ChildProcess | undefined
  pool: Pool
  private exited: Promise<number | null> = Promise.resolve(null)
  readonly probeFile: string
  private lastProbeSeq = 0
  log = ''

  constructor(readonly dataDir: string, readonly port: number, readonly token: string) {
    this.pool = new Pool(`http://127.0.0.1:${port}`, { connections: 32 })
    this.probeFile = join(dataDir, 'bench-probe.json')
  }

  get pid(): number {
    return this.child?.pid ?? 0
  }

  /** Spawns the core; resolves with ms from spawn to the first /health 200. */
  async start(): Promise<number> {
    const t0 = performance.now()
    const child = spawn(
      process.execPath,
      [
        // BENCH_CORE_NODE_ARGS: extra node flags for the core, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
        ...(process.env.BENCH_CORE_NODE_ARGS ?? '').split(' ').filter(Boolean),
        '--expose-gc', '--import', 'tsx', '--import', join(root, 'bench/scale-probe.ts'), join(root, 'src-main/cli.ts'),
        '--network', 'sandbox', '--data-dir', this.dataDir, '--port', String(this.port), '--access-token', this.token,
        '--plan', 'paid', '--paid-instance-quota', 'unlimited'
      ],
      { cwd: root, env: { ...process.env, SWITCHBOARD_BENCH_PROBE: this.probeFile }, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    this.child = child
    this.lastProbeSeq = 0
    child.stdout!.on('data', (d: Buffer) => (this.log = (this.log + d.toString()).slice(-20_000)))
    child.stderr!.on('data', (d: Buffer) => (this.log = (this.log + d.toString()).slice(-20_000)))
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    for (;;) {
      if (child.exitCode !== null) throw new Error(`core exited (${child.exitCode}):\n${this.log}`)
      try {
        const res = await this.pool.request({ path: '/health', method: 'GET', headersTimeout: 2000, bodyTimeout: 2000 })
        await res.body.text()
        if (res.statusCode === 200) return performance.now() - t0
      } catch {
        // not listening yet
      }
      if (performance.now() - t0 > 120_000) throw new Error(`no /health after 120 s:\n${this.log}`)
      await sleep(25)
    }
  }

  /** SIGTERM and wait for a clean exit. */
  async stop(): Promise<number | null> {
    this.child?.kill('SIGTERM')
    return this.exited
  }

  async kill(): Promise<void> {
    this.child?.kill('SIGKILL')
    await this.exited
  }

  async call<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, query: Record<string, string> = {}, body?: unknown): Promise<{ status: number; body: T; ms: number }> {
    const qs = new URLSearchParams(query).toString()
    const t0 = performance.now()
    const res = await this.pool.request({
      path: qs ? `${path}?${qs}` : path,
      method,
      headers: { 'access-token': this.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const text = await res.body.text()
    const ms = performance.now() - t0
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: res.statusCode, body: parsed as T, ms }
  }

  async ok<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, query: Record<string, string> = {}, body?: unknown): Promise<T> {
    const r = await this.call<T>(method, path, query, body)
    if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status} ${JSON.stringify(r.body)}`)
    return r.body
  }

  /** RSS and heap after two full GCs in the child (the probe answers SIGUSR2). */
  async memory(): Promise<Memory> {
    this.child!.kill('SIGUSR2')
    const want = ++this.lastProbeSeq
    for (let i = 0; i < 400; i++) {
      if (existsSync(this.probeFile)) {
        const p = JSON.parse(readFileSync(this.probeFile, 'utf8')) as { seq: number; rss: number; heapUsed: number; heapTotal: number; external: number; spaces: Record<string, number> }
        if (p.seq >= want) {
          this.lastProbeSeq = p.seq
          return {
            rssMb: mb(p.rss), heapUsedMb: mb(p.heapUsed), heapTotalMb: mb(p.heapTotal), externalMb: mb(p.external),
            spacesMb: Object.fromEntries(Object.entries(p.spaces).map(([k, v]) => [k, mb(v)]))
          }
        }
      }
      await sleep(25)
    }
    throw new Error('the memory probe did not answer')
  }

  /** utime + stime of the child in clock ticks (1/100 s on Linux). */
  cpuTicks(): number {
    const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  }

  fileMb(name: string): number {
    let total = 0
    for (const suffix of ['', '-wal', '-shm']) {
      const f = join(this.dataDir, name + suffix)
      if (existsSync(f)) total += statSync(f).size
    }
    return mb(total)
  }

  async close(): Promise<void> {
    if (this.child && this.child.exitCode === null) await this.kill()
    await this.pool.close()
  }
}
