// The per-user registry of running headless cores (issue 20 item 3): each `npm run serve` / `npm start` adds
// <registry>/<pid>.json {url, pid, dataDir, startedAt} (0600, folder 0700) while it listens, so `npm run ui-link`
// finds a core that runs on a non-default data folder without flags. Entries of dead processes are dropped when read.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultDataDir } from './core-flags.js'
import { readRunningServer } from './core/settings/running-server.js'

export interface RunningCore {
  url: string
  pid: number
  dataDir: string
  startedAt: number
}

/** SWITCHBOARD_RUNNING_DIR, else `running/` in the per-user default data folder (whatever folder a core uses). */
export const runningRegistryDir = (env: NodeJS.ProcessEnv = process.env): string => env.SWITCHBOARD_RUNNING_DIR ?? join(defaultDataDir(env), 'running')

const entryPath = (dir: string, pid: number) => join(dir, `${pid}.json`)

export function registerRunningCore(dir: string, core: RunningCore): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const file = entryPath(dir, core.pid)
  writeFileSync(`${file}.tmp`, JSON.stringify(core), { mode: 0o600 })
  renameSync(`${file}.tmp`, file)
}

export function unregisterRunningCore(dir: string, pid = process.pid): void {
  rmSync(entryPath(dir, pid), { force: true })
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it exists (another user's process): not ours to list, but not dead either.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The cores running now, oldest first: live processes whose data folder still names them (server.json). */
export function listRunningCores(dir: string): RunningCore[] {
  let names: string[]
  try {
    names = readdirSync(dir).filter((n) => /^\d+\.json$/.test(n))
  } catch {
    return []
  }
  const found: RunningCore[] = []
  for (const name of names) {
    let entry: Partial<RunningCore>
    try {
      entry = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Partial<RunningCore>
    } catch {
      continue
    }
    if (typeof entry.pid !== 'number' || typeof entry.url !== 'string' || typeof entry.dataDir !== 'string') continue
    if (!alive(entry.pid) || readRunningServer(entry.dataDir)?.pid !== entry.pid) {
      rmSync(join(dir, name), { force: true })
      continue
    }
    found.push({ url: entry.url, pid: entry.pid, dataDir: entry.dataDir, startedAt: entry.startedAt ?? 0 })
  }
  return found.sort((a, b) => a.startedAt - b.startedAt)
}
