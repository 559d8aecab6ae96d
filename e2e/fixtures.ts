// Test fixtures: `app` starts the headless CLI (`src-main/cli.ts`, sandbox network, port 0, a fresh data dir)
// and waits for its "listening" and UI lines; `ui` opens the UI link it printed (links work once: another page
// needs `app.newUiLink()`, from POST /ui/link). `plan` selects free or paid. `app.crash()` and `app.restart()` kill
// the core and start it again on the same port and data dir.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, expect, type Page } from '@playwright/test'
import { AppPage } from './pages/app-page.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

export interface RunningApp {
  apiUrl: string
  uiUrl: string
  token: string
  dataDir: string
  output(): string
  /** A fresh one-time UI link (POST /ui/link with the access token). */
  newUiLink(): Promise<string>
  /** Kills the core at once (SIGKILL: a crash, no clean shutdown). */
  crash(): Promise<void>
  /** Starts the core again on the same port and data dir; returns the UI link the new run printed. */
  restart(): Promise<string>
}

async function mintUiLink(apiUrl: string, token: string): Promise<string> {
  const res = await fetch(`${apiUrl}/ui/link`, { method: 'POST', headers: { 'access-token': token } })
  if (res.status !== 200) throw new Error(`POST /ui/link answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { url: string }).url
}

interface Core {
  child: ChildProcess
  urls: { api: string; ui: string }
  out(): string
}

/** One run of the core; port 0 = any free port. */
async function spawnCore(dataDir: string, token: string, plan: 'free' | 'paid', port: number): Promise<Core> {
  // The run's bundle (global-setup.ts), else node --import tsx: the child is the core itself either way (the tsx CLI
  // would run it in a grandchild that outlives a kill).
  const cli = process.env.SWITCHBOARD_TEST_CLI_BUNDLE ? [process.env.SWITCHBOARD_TEST_CLI_BUNDLE] : ['--import', 'tsx', 'src-main/cli.ts']
  const child = spawn(process.execPath, [...cli, '--port', String(port), '--data-dir', dataDir, '--network', 'sandbox', '--access-token', token, '--plan', plan], {
    cwd: root,
    env: { ...process.env, SWITCHBOARD_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const urls = await new Promise<{ api: string; ui: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start in time:\n${out}`)), 60_000)
    const check = () => {
      const api = /Switchboard API listening on (http:\/\/\S+)/.exec(out)?.[1]
      const ui = /Switchboard UI .*?: (http:\/\/\S+#token=\S+)/.exec(out)?.[1]
      if (api && ui) {
        clearTimeout(timer)
        resolve({ api, ui })
      }
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before listening:\n${out}`)))
  })
  return { child, urls, out: () => out }
}

async function startApp(plan: 'free' | 'paid'): Promise<{ app: RunningApp; current(): ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-e2e-'))
  const token = `e2e-${Math.random().toString(36).slice(2)}`
  let core = await spawnCore(dataDir, token, plan, 0)
  const { api, ui } = core.urls
  const app: RunningApp = {
    apiUrl: api,
    uiUrl: ui,
    token,
    dataDir,
    output: () => core.out(),
    newUiLink: () => mintUiLink(api, token),
    async crash() {
      const exited = new Promise((resolve) => core.child.once('exit', resolve))
      core.child.kill('SIGKILL')
      await exited
    },
    async restart() {
      core = await spawnCore(dataDir, token, plan, Number(new URL(api).port))
      return core.urls.ui
    }
  }
  return { app, current: () => core.child }
}

async function stopApp(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  rmSync(dataDir, { recursive: true, force: true })
}

export const test = base.extend<{ plan: 'free' | 'paid'; app: RunningApp; ui: AppPage }>({
  plan: ['free', { option: true }],
  app: async ({ plan }, use, testInfo) => {
    const { app, current } = await startApp(plan)
    await use(app)
    // A failed test carries what its core printed (warnings and errors), and whether it was still running.
    if (testInfo.status !== testInfo.expectedStatus) {
      const child = current()
      const state = child.exitCode === null && child.signalCode === null ? 'running' : `exited (${child.exitCode ?? child.signalCode})`
      await testInfo.attach('core output', { body: `core ${state} at the failure\n${app.output()}`, contentType: 'text/plain' })
    }
    await stopApp(current(), app.dataDir)
  },
  ui: async ({ page, app }, use) => {
    const ui = new AppPage(page)
    await ui.open(app.uiUrl)
    await use(ui)
  }
})

export { expect, type Page }
