// The headless CLI (src-main/cli.ts) as a child process on the sandbox network, for full-stack tests that drive
// it over HTTP only: started on port 0 and found by its listening line, its output kept for failure messages.
// cliCommand is how every test starts the CLI: the run's prebuilt bundle (cli-bundle.global-setup.ts), or tsx.
import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'

/** The CLI's source, as `npm run serve` runs it. */
export const cliSourcePath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cli.ts')

/**
 * The command line for `npm run serve -- <args>` in a child process: node on the bundle built for this test run, or
 * node --import tsx on the source (viaTsx, or when no bundle was provided). Never the tsx CLI itself: that one runs the
 * core in a grandchild, which SIGKILL of the child would leave running (a "crash" would not be one).
 */
export function cliCommand(args: string[], { viaTsx = false }: { viaTsx?: boolean } = {}): [command: string, args: string[]] {
  const bundle = viaTsx ? '' : inject('cliBundle')
  return [process.execPath, bundle ? [bundle, ...args] : ['--import', 'tsx', cliSourcePath, ...args]]
}

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
  /** The sources through tsx (what `npm run serve` runs) instead of the run's bundle. */
  viaTsx?: boolean
}

export async function startCliProcess({ dataDir, token, args = [], env, detached = false, onSpawn, viaTsx = false }: CliOptions): Promise<CliProcess> {
  const child = spawn(...cliCommand(['--port', '0', '--data-dir', dataDir, '--network', 'sandbox', '--access-token', token, ...args], { viaTsx }), {
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
