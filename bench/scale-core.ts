// The core under measurement as a child process, with the bench probe preloaded: spawn/stop/kill, /health,
// authenticated JSON calls, memory (RSS from /proc, heap from the probe after a GC) and CPU ticks from /proc/<pid>/stat.
// Sandbox 'child' (default): the sandbox network in a process of its own (bench/scale-sandbox.ts, over IPC) and the
// core bundled once with esbuild and run by plain node (as the desktop app runs its bundle: no tsx compile at boot);
// 'inproc': `npm run serve -- --network sandbox` (node + tsx + cli.ts), phones driven through /sandbox/*.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Pool } from 'undici'
import type { SandboxOp, SandboxTrustInfo } from './scale-sandbox.js'

const root = fileURLToPath(new URL('..', import.meta.url))

export type SandboxMode = 'child' | 'inproc'

/** The sandbox in its own process: phones, seeds and scans over IPC. */
export class SandboxProcess {
  private child: ChildProcess | undefined
  private seq = 0
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  trust: SandboxTrustInfo | undefined

  /** personIdleMs: persons online on demand (SandboxNetworkOptions.personIdleMs); default always online. */
  constructor(readonly dataDir: string, readonly options: { personIdleMs?: number } = {}) {}

  async start(): Promise<SandboxTrustInfo> {
    const args = [this.dataDir, ...(this.options.personIdleMs === undefined ? [] : [String(this.options.personIdleMs)])]
    // BENCH_SANDBOX_NODE_ARGS: extra node flags for the sandbox process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
    const execArgv = [...(process.env.BENCH_SANDBOX_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx']
    // BENCH_SANDBOX_NICE: the sandbox process at that niceness (the history bench: the simulated server's CPU is not the PC's).
    const nice = process.env.BENCH_SANDBOX_NICE && process.env.BENCH_SANDBOX_NICE !== '0' ? process.env.BENCH_SANDBOX_NICE : undefined
    const child = fork(join(root, 'bench/scale-sandbox.ts'), args, {
      cwd: root,
      ...(nice ? { execPath: 'nice', execArgv: ['-n', nice, process.execPath, ...execArgv] } : { execArgv }),
      stdio: ['ignore', 'ignore', 'inherit', 'ipc']
    })
    this.child = child
    const trust = await new Promise<SandboxTrustInfo>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the sandbox process exited (${code})`)))
      child.on('message', (m: { kind?: string; trust?: SandboxTrustInfo; id?: number; ok?: boolean; result?: unknown; error?: string }) => {
        if (m.kind === 'ready') return resolve(m.trust!)
        const w = this.waiting.get(m.id!)
        this.waiting.delete(m.id!)
        if (m.ok) w?.resolve(m.result)
        else w?.reject(new Error(m.error))
      })
    })
    this.trust = trust
    return trust
  }

  call<T = unknown>(op: SandboxOp['op'], args: SandboxOp['args']): Promise<T> {
    const id = ++this.seq
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject })
      this.child!.send({ id, op, args })
    })
  }

  rssMb(): number {
    return rssOf(this.child?.pid ?? 0)
  }

  cpuTicks(): number {
    return cpuTicksOf(this.child?.pid ?? 0)
  }

  async close(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([exited, sleep(5_000)])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}

const statusMb = (pid: number, field: string): number => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : 0
}
const rssOf = (pid: number): number => statusMb(pid, 'VmRSS')

const cpuTicksOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[11]) + Number(fields[12])
}

/** A bench file bundled once per bench run to plain JS (node_modules stay external, resolved from the repo). */
function bundle(file: string): string {
  // Per checkout: node_modules may be shared by several worktrees, whose benches must not run each other's bundles.
  const dir = join(root, 'node_modules/.cache/switchboard-bench', basename(root))
  mkdirSync(dir, { recursive: true })
  const out = join(dir, basename(file).replace(/\.ts$/, '.mjs'))
  execFileSync(join(root, 'node_modules/.bin/esbuild'), [
    join(root, 'bench', file), '--bundle', '--platform=node', '--format=esm', '--target=node20', '--packages=external', '--log-level=warning', `--outfile=${out}`
  ], { cwd: root, stdio: 'inherit' })
  return out
}

export interface Memory {
  rssMb: number
  /** RSS split as the kernel counts it: anonymous pages (heap, malloc) and file-backed ones (code, mapped files). */
  rssAnonMb: number
  rssFileMb: number
  heapUsedMb: number
  heapTotalMb: number
  /** Memory outside the JS heap that V8 knows of: Buffers and other ArrayBuffers (arrayBuffers is part of it). */
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

  readonly sandbox: SandboxProcess | undefined
  /** The bundled core entry, probe and history ingest thread ('child' mode; the thread's bundle beside the core's, where history-ingest-thread.ts looks). */
  private entry: [string, string, string] | undefined

  constructor(readonly dataDir: string, readonly port: number, readonly token: string, readonly mode: SandboxMode = 'child', sandboxOptions: { personIdleMs?: number } = {}) {
    this.pool = new Pool(`http://127.0.0.1:${port}`, { connections: 32 })
    this.probeFile = join(dataDir, 'bench-probe.json')
    this.sandbox = mode === 'child' ? new SandboxProcess(join(dataDir, 'sandbox-process'), sandboxOptions) : undefined
  }

  // ---- the simulated phones, wherever the sandbox runs ----

  async createPhone(phone: string, name: string): Promise<void> {
    if (this.sandbox) await this.sandbox.call('createPhone', { phone, name })
    else await this.ok('POST', '/sandbox/phones', {}, { phone_number: phone, name })
  }

  /** Many phones in one round trip ('child' sandbox only); preKeys: one-time pre-keys on the server from the start. */
  async createPhones(phones: { phone: string; name: string }[], preKeys?: number): Promise<void> {
    if (!this.sandbox) throw new Error('createPhones needs the sandbox in its own process')
    await this.sandbox.call('createPhones', { phones, preKeys })
  }

  async seed(phone: string, spec: Record<string, unknown>): Promise<void> {
    if (this.sandbox) await this.sandbox.call('seed', { phone, spec })
    else await this.ok('POST', `/sandbox/phones/${phone}/history`, {}, spec)
  }

  /** The phone scans the instance's current QR. */
  async scan(phone: string, instanceId: string): Promise<void> {
    if (!this.sandbox) {
      await this.ok('POST', `/sandbox/phones/${phone}/scan`, {}, { instance_id: instanceId })
      return
    }
    const { value } = await this.ok<{ value: string }>('GET', '/v2/auth/qr', { instance_id: instanceId })
    await this.sandbox.call('scan', { phone, qr: value })
  }

  get pid(): number {
    return this.child?.pid ?? 0
  }

  /** Spawns the core; resolves with ms from spawn to the first /health 200. */
  async start(): Promise<number> {
    if (this.sandbox && !this.sandbox.trust) await this.sandbox.start()
    if (this.sandbox) this.entry ??= [bundle('scale-core-entry.ts'), bundle('scale-probe.ts'), bundle('../src-main/core/messaging/ingest/history-ingest-worker.ts')]
    const common = ['--data-dir', this.dataDir, '--port', String(this.port), '--access-token', this.token]
    // 'child': plain node runs the bundles (no tsx loader hooks in the measured process); 'inproc': as npm run serve.
    const args = this.sandbox
      ? ['--import', this.entry![1]!, this.entry![0]!, ...common]
      : ['--import', 'tsx', '--import', join(root, 'bench/scale-probe.ts'), join(root, 'src-main/cli.ts'), '--network', 'sandbox', ...common, '--plan', 'paid', '--paid-instance-quota', 'unlimited']
    const env = { ...process.env, SWITCHBOARD_BENCH_PROBE: this.probeFile, ...(this.sandbox ? { SWITCHBOARD_BENCH_SANDBOX: JSON.stringify(this.sandbox.trust) } : {}) }
    const t0 = performance.now()
    const child = spawn(
      process.execPath,
      // BENCH_CORE_NODE_ARGS: extra node flags for the core, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
      [...(process.env.BENCH_CORE_NODE_ARGS ?? '').split(' ').filter(Boolean), '--expose-gc', ...args],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    this.child = child
    // The previous process's figures (its seq counts from 1 again) must never answer for this one.
    rmSync(this.probeFile, { force: true })
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
  /**
   * SIGTERM and wait for a clean exit; after `withinMs` SIGKILL (a starved machine took minutes to close 130
   * instances, and the run's time box killed the whole bench with its figures). Resolves with the ms it took and
   * whether it had to be killed.
   */
  async stop(withinMs = 90_000): Promise<{ ms: number; killed: boolean }> {
    const t0 = performance.now()
    this.child?.kill('SIGTERM')
    let timer: NodeJS.Timeout | undefined
    const done = await Promise.race([this.exited.then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), withinMs)))])
    clearTimeout(timer)
    if (!done) await this.kill()
    return { ms: performance.now() - t0, killed: !done }
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

  /** RSS and heap after two full GCs in the child (the probe answers SIGUSR2); with `snapshotTo`, a heap snapshot too. */
  async memory(snapshotTo?: string): Promise<Memory> {
    if (snapshotTo) writeFileSync(`${this.probeFile}.snapshot`, snapshotTo)
    this.child!.kill('SIGUSR2')
    const want = ++this.lastProbeSeq
    // Two full GCs wait for the event loop; on a loaded 2-core machine that took more than 10 s; a heap snapshot of a
    // few hundred MB of heap takes minutes there.
    const deadline = performance.now() + (snapshotTo ? 1_200_000 : 90_000)
    while (performance.now() < deadline) {
      if (existsSync(this.probeFile)) {
        const p = JSON.parse(readFileSync(this.probeFile, 'utf8')) as { seq: number; rss: number; heapUsed: number; heapTotal: number; external: number; spaces: Record<string, number> }
        if (p.seq >= want) {
          this.lastProbeSeq = p.seq
          return {
            rssMb: mb(p.rss), rssAnonMb: statusMb(this.pid, 'RssAnon'), rssFileMb: statusMb(this.pid, 'RssFile'), heapUsedMb: mb(p.heapUsed), heapTotalMb: mb(p.heapTotal), externalMb: mb(p.external),
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
    return cpuTicksOf(this.pid)
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
    await this.sandbox?.close()
    await this.pool.close()
  }
}
