// Test runner configuration: node tests for the core and sandbox, jsdom tests for the renderer.
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on CI's 2 cores, where most sandbox and
    // fullstack files spend their time waiting on sockets and timers. One worker per core halves the wall time.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'main',
          include: ['src-main/**/*.test.ts', 'src-preload/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          // Each file gets its own process: Baileys' WA_CERT_DETAILS is global to an isolate.
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
