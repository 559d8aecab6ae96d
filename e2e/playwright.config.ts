// Playwright e2e of the headless app in Debian's Chromium (never a downloaded browser): each test starts its own
// core in sandbox mode on a free port with its own data dir (fixtures.ts) and drives the UI at /ui/.
import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  outputDir: 'test-results/artifacts',
  // The CLI bundled once: each test's core starts as plain node, not through tsx (global-setup.ts).
  globalSetup: './global-setup.ts',
  // Two cores on CI: each test runs a core with real Baileys and the sandbox network.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  fullyParallel: true,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 820 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']
    }
  }
})
