// `npm test`: the type check, the lint and the app build run beside the vitest suite (which spends most of its time
// waiting on sockets and timers, not on the CPU), then the browser tests on the built app. Exits non-zero if any step
// fails; the checks' output is printed after vitest's so the two never interleave.
import { spawn } from 'node:child_process'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'

/** Runs a command; `capture` keeps its output for later instead of printing it as it comes. */
function run(cmd, args, capture = false) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    let out = ''
    if (capture) {
      child.stdout.on('data', (d) => (out += d))
      child.stderr.on('data', (d) => (out += d))
    }
    child.on('error', (e) => resolve({ code: 1, out: `${out}${e.message}\n` }))
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }))
  })
}

/** Type check, lint and build, one after another; their output is kept and returned. */
async function checks() {
  const steps = [
    ['typecheck', npm, ['run', 'typecheck']],
    ['lint', npm, ['run', 'lint']],
    ['build', npx, ['electron-vite', 'build']]
  ]
  let log = ''
  for (const [name, cmd, args] of steps) {
    const t0 = Date.now()
    const r = await run(cmd, args, true)
    log += `\n== ${name}: ${r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`} in ${((Date.now() - t0) / 1000).toFixed(0)} s ==\n`
    if (r.code !== 0) return { code: r.code, out: log + r.out }
  }
  return { code: 0, out: log }
}

const [vitest, checked] = await Promise.all([run(npx, ['vitest', 'run']), checks()])
process.stdout.write(checked.out)
if (vitest.code !== 0 || checked.code !== 0) {
  console.error(`\nnpm test: ${[vitest.code !== 0 && 'vitest', checked.code !== 0 && 'typecheck/lint/build'].filter(Boolean).join(' and ')} failed`)
  process.exit(1)
}
const e2e = await run(npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts'])
process.exit(e2e.code)
