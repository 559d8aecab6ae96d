// Test runner configuration: node tests for the core and sandbox, jsdom tests for the renderer.
import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'

const MAIN_TESTS = ['src-main/**/*.test.ts', 'src-preload/**/*.test.ts', 'bench/**/*.test.ts']

/**
 * Files that change what their process holds for whatever runs after them, or that measure the process itself:
 * each gets a fresh process of its own. Module mocks (vi.mock), process.env and TZ, Baileys' WA_CERT_DETAILS
 * root checked against the real one, the console filter installed once per process, RSS measured while uploading.
 */
const ISOLATED_MAIN_TESTS = [
  'src-main/electron/core-host.test.ts',
  'src-main/electron/bridge-ports.test.ts',
  'src-main/electron/security.test.ts',
  'src-main/core/bridge/bridge-qr-timing.test.ts',
  'src-preload/contract/client.test.ts',
  'src-preload/index.test.ts',
  'src-main/core/engine/connection-lifecycle.sandbox.test.ts',
  'src-main/core/messaging/send/send-units.test.ts',
  'src-main/core/secrets/at-rest.sandbox.test.ts',
  'src-main/core/db/connection.test.ts',
  'src-main/core/rate-limit/calendar.test.ts',
  'src-main/core/sandbox/core-trust.test.ts',
  'src-main/core/sandbox/client-trust.test.ts',
  'src-main/core/engine/baileys/libsignal-console.test.ts',
  'src-main/core/api/multipart-upload.test.ts',
  // heap retention measured after gc(): another file's live objects in the same process blur it (CI saw 2 of 50)
  'src-main/core/engine/baileys/shared-async-local-storage.test.ts',
  'src-main/core/engine/baileys/lazy-retry-caches.test.ts'
]

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on CI's 2 cores, where most sandbox and
    // fullstack files spend their time waiting on sockets, timers and child processes. One worker more than the
    // cores keeps them busy (CI: 3 on 2 cores).
    maxWorkers: availableParallelism() + 1,
    // The headless CLI bundled once for the run: tests start it as plain node, not through tsx (cli-process.ts).
    globalSetup: ['src-main/core/testing/cli-bundle.global-setup.ts'],
    projects: [
      {
        test: {
          name: 'main',
          include: MAIN_TESTS,
          exclude: [...configDefaults.exclude, ...ISOLATED_MAIN_TESTS],
          environment: 'node',
          // Forks (one process per worker, never threads: Baileys' WA_CERT_DETAILS is global to an isolate) that run
          // file after file without a fresh module graph: loading the core (Baileys, Fastify, jimp, the routes'
          // schemas) took seconds per file, a third of the suite's time. Each sandbox file sets the root of its own
          // sandbox before it connects, and every file closes what it started (useCore, afterAll).
          pool: 'forks',
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000
        }
      },
      {
        test: {
          name: 'main-isolated',
          include: ISOLATED_MAIN_TESTS,
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 60_000
        }
      },
      {
        // Vite 8 (oxc) compiles TSX with React's automatic runtime, as electron.vite.config.ts does for the build.
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        test: {
          name: 'renderer',
          setupFiles: ['src-renderer/test/setup.ts'],
          include: ['src-renderer/**/*.test.ts', 'src-renderer/**/*.test.tsx'],
          environment: 'jsdom',
          // The stylesheet's text reaches its contrast test (?raw); other CSS stays unprocessed.
          css: { include: [/app\.css/] },
          testTimeout: 20_000
        }
      }
    ]
  }
})
