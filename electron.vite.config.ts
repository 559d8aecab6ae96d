// Build of the three Electron processes with explicit entries (our folders are not electron-vite's defaults):
// main = the Electron main process + the core's utility-process entry; preload = one sandbox-compatible CommonJS
// bundle; renderer = the React app (also served headless at /ui/, hence relative asset URLs).
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'

const root = import.meta.dirname

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      rolldownOptions: {
        input: {
          index: resolve(root, 'src-main/electron/main.ts'),
          core: resolve(root, 'src-main/electron/core-process.ts'),
          // The history ingest thread's code (history-ingest-thread.ts finds it beside the core's bundle).
          'history-ingest-worker': resolve(root, 'src-main/core/messaging/ingest/history-ingest-worker.ts')
        }
      }
    }
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload cannot require() packages: bundle the contract (and TypeBox) into one file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    base: './',
    // Vite 8 transforms TSX itself (oxc); the automatic runtime needs no React import per file.
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      minify: true,
      rolldownOptions: { input: resolve(root, 'src-renderer/index.html') }
    }
  }
})
