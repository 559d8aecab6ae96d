// The README's quick start, run literally: its server line (with a free port and a temporary data dir) as a child
// process, then its shell block with bash and curl. A new user copies it, so it must work as written.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { startCliProcess, type CliProcess } from './core/testing/cli-process.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')

/** The first ```sh block under "## Quick start". */
function quickStartBlock(): string[] {
  const section = readme.slice(readme.indexOf('## Quick start'))
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!
  return block.split('\n')
}

let cli: CliProcess | undefined
afterAll(() => {
  if (cli?.child.exitCode === null) cli.child.kill('SIGKILL')
})

describe('README quick start', () => {
  it('pairs an instance in the sandbox and delivers "Hello Bob", run as written', async () => {
    const lines = quickStartBlock()
    const serve = lines[0]!
    expect(serve).toMatch(/^npm run serve -- --network sandbox --access-token devtoken --port 3000/)
    const token = /--access-token (\S+)/.exec(serve)![1]!
    const extra = serve.includes('--plan paid') ? ['--plan', 'paid'] : []
    // As written: through tsx on the sources, what `npm run serve` runs (other CLI tests use the run's bundle).
    cli = await startCliProcess({ dataDir: mkdtempSync(join(tmpdir(), 'sb-readme-')), token, args: extra, viaTsx: true })
    const script = lines
      .slice(1)
      .join('\n')
      .replaceAll('http://127.0.0.1:3000', cli.url)
    expect(script).toContain(`API=${cli.url}`)
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { timeout: 90_000, maxBuffer: 16 << 20 })
    expect(stdout).toContain('"status":"WORKING"')
    // What Bob's phone decrypted, asked again outside the script.
    const bob = await fetch(`${cli.url}/sandbox/phones/15550000002/messages?access_token=${token}`)
    expect(JSON.stringify(await bob.json())).toContain('Hello Bob')
  }, 150_000)
})
