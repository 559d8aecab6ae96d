// `npm run ui-link [-- --data-dir D]`: prints a fresh one-time link to the UI of the Switchboard server that uses
// this data dir, with no token in the shell: the server's address comes from <dataDir>/server.json and the owner's
// token from <dataDir>/secrets.json (both 0600, so whoever can read the data dir may open the UI, nobody else).
// Without a folder named, the default one, else the one core in the per-user registry of running cores.
import { parseArgs } from 'node:util'
import { UI_LINK_PATH } from '../src-preload/contract/protocol.js'
import { resolveDataDir } from './core-flags.js'
import { revealDefaultToken } from './core/db/default-account.js'
import { readRunningServer } from './core/settings/running-server.js'
import { listRunningCores, runningRegistryDir } from './running-cores.js'

export const UI_LINK_USAGE = 'usage: npm run ui-link [-- --data-dir D]   prints a one-time link to the running Switchboard\'s UI (valid 15 minutes, one browser tab)'

export interface UiLinkIo {
  out(line: string): void
  err(line: string): void
}

const stdio: UiLinkIo = { out: (l) => console.log(l), err: (l) => console.error(l) }

/** The exit code: 0 printed, 1 no server or refused, 2 usage. */
export async function runUiLinkCommand(argv: string[], env: NodeJS.ProcessEnv = process.env, io: UiLinkIo = stdio): Promise<number> {
  let dataDirFlag: string | undefined
  try {
    const { values } = parseArgs({ args: argv, strict: true, options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } })
    if (values.help) {
      io.out(UI_LINK_USAGE)
      return 0
    }
    dataDirFlag = values['data-dir']
  } catch (e) {
    io.err(`switchboard ui-link: ${(e as Error).message}`)
    io.err(UI_LINK_USAGE)
    return 2
  }
  let dataDir = resolveDataDir(dataDirFlag, env)
  let server = readRunningServer(dataDir)
  // No folder named and none running on the default one: the per-user list of running cores (any folder).
  if (!server && dataDirFlag === undefined && env.SWITCHBOARD_DATA_DIR === undefined) {
    const running = listRunningCores(runningRegistryDir(env))
    if (running.length > 1) {
      io.err('switchboard ui-link: several Switchboards are running; name the one to open:')
      for (const r of running) io.err(`  npm run ui-link -- --data-dir ${r.dataDir}    (${r.url}, process ${r.pid})`)
      return 1
    }
    if (running[0]) {
      dataDir = running[0].dataDir
      server = readRunningServer(dataDir)
    }
  }
  if (!server) {
    io.err(`switchboard ui-link: no Switchboard is running with the data folder ${dataDir}.`)
    io.err('Start it (npm start, or npm run serve), or name its folder: npm run ui-link -- --data-dir <folder>')
    return 1
  }
  const token = revealDefaultToken(dataDir)
  if (!token) {
    io.err(`switchboard ui-link: the owner's access token is not stored in ${dataDir} (secrets.json); ask with the token instead: POST ${server.url}${UI_LINK_PATH}`)
    return 1
  }
  let answer: Response
  try {
    answer = await fetch(`${server.url}${UI_LINK_PATH}`, { method: 'POST', headers: { 'access-token': token } })
  } catch {
    io.err(`switchboard ui-link: the Switchboard that used ${dataDir} (process ${server.pid}) does not answer at ${server.url}; it may have stopped. Start it again.`)
    return 1
  }
  const body = (await answer.json().catch(() => ({}))) as { url?: string; expires_at?: number; message?: string }
  if (!answer.ok || typeof body.url !== 'string') {
    io.err(`switchboard ui-link: ${server.url} refused (${answer.status}): ${body.message ?? 'no reason given'}`)
    return 1
  }
  io.out(body.url)
  io.err('Open it in one browser tab within 15 minutes (or paste it into a "not connected" page); it works once.')
  return 0
}
