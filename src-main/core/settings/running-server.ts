// <dataDir>/server.json (0600): where the server using this data dir listens, written once it listens and removed
// when it stops. `npm run ui-link` reads it (with the owner's token from secrets.json, also 0600) to ask that server
// for a one-time UI link: whoever can read the data dir may open the UI, nobody else.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface RunningServer {
  /** http://HOST:PORT to reach it from this machine (loopback when it listens on every interface). */
  url: string
  pid: number
  startedAt: number
}

export const runningServerPath = (dataDir: string): string => join(dataDir, 'server.json')

/** The URL this machine reaches a server bound to `host` at (a wildcard bind is reached on loopback). */
export function localUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`
}

export function writeRunningServer(dataDir: string, server: RunningServer): void {
  const file = runningServerPath(dataDir)
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, JSON.stringify(server), { mode: 0o600 })
  renameSync(tmp, file)
}

/** Removes the file only if it is still this process's (another server may have taken the data dir since). */
export function removeRunningServer(dataDir: string, pid = process.pid): void {
  if (readRunningServer(dataDir)?.pid === pid) rmSync(runningServerPath(dataDir), { force: true })
}

export function readRunningServer(dataDir: string): RunningServer | undefined {
  try {
    const parsed = JSON.parse(readFileSync(runningServerPath(dataDir), 'utf8')) as Partial<RunningServer>
    return typeof parsed.url === 'string' && typeof parsed.pid === 'number' ? { url: parsed.url, pid: parsed.pid, startedAt: parsed.startedAt ?? 0 } : undefined
  } catch {
    return undefined
  }
}
