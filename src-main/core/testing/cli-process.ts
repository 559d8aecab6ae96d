// The headless CLI (src-main/cli.ts) as a child process on the sandbox network, for full-stack tests that drive
// it over HTTP only: started on port 0 and found by its listening line, its output kept for failure messages.
import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const cliPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cli.ts')

export interface CliProcess {
  child: ChildProcess
  url: string
  token: string
  output: () => string
  exited: Promise<number | null>
}

export interface CliOptions {
  dataDir: string
  token: string
  /** More flags after the data dir, network and token (e.g. --plan paid). */
  args?: string[]
  env?: NodeJS.ProcessEnv
  /** Own process group, so a test can take down anything the CLI might have started. */
  detached?: boolean
  /** Told the child at once, before it is up, so cleanup finds it even when the start fails. */
  onSpawn?: (child: ChildProcess) => void
}

export async function startCliProcess({ dataDir, token, args = [], env, detached = false, onSpawn }: CliOptions): Promise<CliProcess> {
  // node --import tsx, not the tsx CLI: that one runs the core in a grandchild, which SIGKILL of the child would
  // leave running (the "crash" would then not be one, and the orphan would outlive the test run).
  const child = spawn(process.execPath, ['--import', 'tsx', cliPath, '--port', '0', '--data-dir', dataDir, '--network', 'sandbox', '--access-token', token, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(env ? { env } : {}),
    ...(detached ? { detached } : {})
  })
  onSpawn?.(child)
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const deadline = Date.now() + 45_000
  for (;;) {
    const m = /Switchboard API listening on (http:\/\/[\d.]+:\d+)/.exec(out)
    if (m) return { child, url: m[1]!, token, output: () => out, exited }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`CLI did not start:\n${out}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** An HTTP call with the CLI's access token (header) and a JSON body; the JSON answer, {} when empty. */
export async function cliApi(cli: CliProcess, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${cli.url}${path}`, {
    method,
    headers: { 'access-token': cli.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}
