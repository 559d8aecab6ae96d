// `npm run screenshots`: runs the e2e suite with its screenshots written to docs/screenshots (the README's).
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, SWITCHBOARD_SCREENSHOTS_DIR: join(root, 'docs', 'screenshots') } }).status ?? 1
const bin = (pkg, file) => join(root, 'node_modules', pkg, file)
let status = run([bin('electron-vite', 'bin/electron-vite.js'), 'build'])
if (status === 0) status = run([bin('@playwright/test', 'cli.js'), 'test', '-c', 'e2e/playwright.config.ts'])
process.exit(status)
