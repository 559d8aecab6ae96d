// Lint owns the architecture, not the style: it enforces the layers of ARCHITECTURE.md §2b so they cannot drift.
// Each boundary is its own rule id under `layers/` (ESLint's core no-restricted-imports / no-restricted-syntax
// registered once per boundary), so boundaries never override each other's options and a report names the one broken.
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import boundaries from 'eslint-plugin-boundaries'
import { builtinRules } from 'eslint/use-at-your-own-risk'
import tseslint from 'typescript-eslint'

const restrictedImports = builtinRules.get('no-restricted-imports')
const restrictedSyntax = builtinRules.get('no-restricted-syntax')

const BOUNDARIES = [
  'domain-pure',
  'core-no-electron',
  'renderer-contract-only',
  'no-upward-imports',
  'front-door-no-construct',
  'front-door-no-bus',
  'raw-baileys-events-ingest-only',
  'baileys-in-engine-only',
  'no-raw-socket'
]
const layers = {
  meta: { name: 'layers' },
  rules: Object.fromEntries(
    BOUNDARIES.map((name) => [name, name === 'front-door-no-construct' || name === 'no-raw-socket' ? restrictedSyntax : restrictedImports])
  )
}

// Tests, test harnesses and benchmarks drive a layer from outside and reach into internals on purpose.
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'src-renderer/test/**', 'bench/**/*.bench.ts']

// Modules that touch the outside world (files, sockets, databases, WhatsApp, HTTP).
const IO_MODULES =
  '^(node:)?(fs|net|http|https|http2|dgram|tls|dns|child_process|cluster|worker_threads)(/.*)?$' +
  '|^(better-sqlite3(-multiple-ciphers)?|@whiskeysockets/baileys|fastify|@fastify/.*|ws|undici|electron|pino)(/.*)?$'

// The ladder of the core's folders, top first: each may import the ones listed for it (all ranked below it), nothing
// above it and nothing beside it. mcp/ hangs under api/ (mounted at /mcp); sandbox/ is its own world on db/;
// campaigns/ and account/ stand side by side (neither imports the other).
const DOWN_FROM_ENGINE = ['db', 'secrets', 'logging', 'runtime', 'domain']
const RANKS = {
  app: ['composition', 'api', 'bridge', 'mcp', 'services', 'settings', 'campaigns', 'account', 'messaging', 'webhooks', 'backup', 'rate-limit', 'engine', 'sandbox', ...DOWN_FROM_ENGINE, 'contract'],
  composition: ['api', 'bridge', 'mcp', 'services', 'settings', 'campaigns', 'account', 'messaging', 'webhooks', 'backup', 'rate-limit', 'engine', 'sandbox', ...DOWN_FROM_ENGINE, 'contract'],
  api: ['mcp', 'services', 'settings', 'campaigns', 'account', 'messaging', 'webhooks', 'rate-limit', 'engine', ...DOWN_FROM_ENGINE, 'contract'],
  bridge: ['services', 'settings', 'campaigns', 'account', 'messaging', 'webhooks', 'rate-limit', 'engine', ...DOWN_FROM_ENGINE, 'contract'],
  mcp: ['services', 'settings', 'campaigns', 'account', 'messaging', 'webhooks', 'rate-limit', 'engine', ...DOWN_FROM_ENGINE],
  services: ['settings', 'campaigns', 'account', 'messaging', 'webhooks', 'backup', 'rate-limit', 'engine', 'sandbox', ...DOWN_FROM_ENGINE],
  settings: ['account', 'messaging', 'webhooks', 'rate-limit', 'engine', ...DOWN_FROM_ENGINE],
  campaigns: ['messaging', 'webhooks', 'rate-limit', 'engine', ...DOWN_FROM_ENGINE],
  account: ['messaging', 'webhooks', 'rate-limit', 'engine', ...DOWN_FROM_ENGINE],
  messaging: ['webhooks', 'rate-limit', 'engine', ...DOWN_FROM_ENGINE],
  webhooks: ['rate-limit', 'engine', ...DOWN_FROM_ENGINE],
  backup: DOWN_FROM_ENGINE,
  'rate-limit': ['engine', ...DOWN_FROM_ENGINE],
  engine: DOWN_FROM_ENGINE,
  sandbox: DOWN_FROM_ENGINE,
  logging: ['secrets', 'domain'],
  // Node runtime workarounds for Baileys (one AsyncLocalStorage for all sockets): engine/ and sandbox/ both build sockets.
  runtime: [],
  db: ['secrets', 'domain'],
  secrets: ['domain'],
  domain: [],
  contract: []
}
const CORE_FOLDERS = Object.keys(RANKS).filter((k) => !['app', 'composition', 'contract'].includes(k))
const CONFIG_DIR = dirname(fileURLToPath(import.meta.url))

// Core folders below the front doors (arrows point down only).
const BELOW_FRONT_DOORS = ['messaging', 'account', 'engine', 'webhooks', 'rate-limit', 'db', 'domain', 'services']

export default [
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'release/**',
      'coverage/**',
      'docs/**',
      'bench/results/**',
      'e2e/test-results/**',
      'e2e/report/**',
      'shared/**'
    ]
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parser: tseslint.parser, sourceType: 'module' }
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { layers }
  },
  {
    // Pure domain: plain data, ids, errors and the bus; no I/O and nothing from other layers.
    files: ['src-main/core/domain/**'],
    ignores: TESTS,
    rules: {
      'layers/domain-pure': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./', message: 'domain/ imports nothing outside domain/ (ARCHITECTURE.md §2b).' },
            { regex: IO_MODULES, message: 'domain/ is pure: no I/O modules (ARCHITECTURE.md §2b).' }
          ]
        }
      ]
    }
  },
  {
    // The core runs headless (serve CLI, tests); only src-main/electron knows Electron.
    files: ['src-main/core/**'],
    ignores: TESTS,
    rules: {
      'layers/core-no-electron': [
        'error',
        { patterns: [{ regex: '^electron(/.*)?$', message: 'src-main/core never imports electron.' }] }
      ]
    }
  },
  {
    // The renderer talks to the core only through the preload contract.
    files: ['src-renderer/**'],
    ignores: TESTS,
    rules: {
      'layers/renderer-contract-only': [
        'error',
        {
          patterns: [
            { regex: '(^|/)src-main(/|$)', message: 'src-renderer never imports src-main; use src-preload/contract.' },
            {
              regex: '(^|/)src-preload(/(?!contract/)|$)',
              message: 'src-renderer imports only src-preload/contract/** from the preload.'
            }
          ]
        }
      ]
    }
  },
  {
    // Domain work, engine, storage and services never reach up into a front door.
    files: BELOW_FRONT_DOORS.map((dir) => `src-main/core/${dir}/**`),
    ignores: TESTS,
    rules: {
      'layers/no-upward-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?(api|bridge)(/|$)',
              message: 'Arrows point down only: this layer never imports api/ or bridge/ (ARCHITECTURE.md §2b).'
            }
          ]
        }
      ]
    }
  },
  {
    // Front doors translate only: services are built once, in start-core.ts.
    files: ['src-main/core/api/**', 'src-main/core/bridge/**', 'src-main/core/mcp/**'],
    ignores: TESTS,
    rules: {
      'layers/front-door-no-construct': [
        'error',
        {
          selector: 'NewExpression[callee.name=/(Service|Tracker|Pacer)$/]',
          message: 'A front door never constructs a service; take it from deps.services (built in start-core.ts).'
        },
        {
          selector: 'NewExpression[callee.property.name=/(Service|Tracker|Pacer)$/]',
          message: 'A front door never constructs a service; take it from deps.services (built in start-core.ts).'
        },
        {
          selector: 'CallExpression[callee.name=/^create.*(Service|Pacer|Tracker)$/]',
          message: 'A front door never constructs a service; take it from deps.services (built in start-core.ts).'
        }
      ]
    }
  },
  {
    // Front doors do not subscribe to the bus: live events go through services.subscriptions (services/subscriptions.ts).
    files: ['src-main/core/api/routes/**', 'src-main/core/bridge/**', 'src-main/core/mcp/**'],
    ignores: TESTS,
    rules: {
      'layers/front-door-no-bus': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)domain/event-bus(\\.js)?$|(^|/)baileys-events(\\.js)?$',
              message: 'Front doors do not subscribe to the bus or to Baileys events; go through deps.services.'
            }
          ]
        }
      ]
    }
  },
  {
    // Raw Baileys batches go to the ingestor only; everything else subscribes to typed domain events.
    files: ['src-main/**', 'bench/**'],
    ignores: [...TESTS, 'src-main/core/messaging/ingest/**', 'src-main/core/engine/**', 'src-main/core/start-core.ts'],
    rules: {
      'layers/raw-baileys-events-ingest-only': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)engine/baileys/baileys-events(\\.js)?$',
              message: 'Only messaging/ingest reads raw Baileys events; subscribe to domain events instead.'
            }
          ]
        }
      ]
    }
  },
  {
    // WhatsApp is reached through the engine's command port (engine/session-port.ts) and its wire module
    // (engine/wa-wire.ts): only engine/, the ingestor (raw events), the simulated network and runtime/ (process-wide
    // fixes to Baileys, used by both engine/ and sandbox/) import Baileys.
    files: ['src-main/**'],
    // (`<module>/testing.ts` files are test support: they drive simulated phones' own sockets.)
    ignores: [...TESTS, '**/testing.ts', 'src-main/core/engine/**', 'src-main/core/messaging/ingest/**', 'src-main/core/sandbox/**', 'src-main/core/runtime/**'],
    rules: {
      'layers/baileys-in-engine-only': [
        'error',
        {
          patterns: [
            {
              regex: '^@whiskeysockets/baileys(/.*)?$',
              message: 'Only engine/, messaging/ingest/, sandbox/ and runtime/ (process-wide fixes to Baileys) import Baileys: use the session port (engine/session-port.ts) or engine/wa-wire.ts.'
            }
          ]
        }
      ],
      'layers/no-raw-socket': [
        'error',
        {
          selector: 'MemberExpression[property.name="liveSocket"]',
          message: 'The engine\'s socket stays in engine/: use the session port (ports.live / ports.working, engine/session-ports.ts).'
        }
      ]
    }
  },
  {
    // Every folder of the core has a rank (eslint-plugin-boundaries): a folder imports only folders ranked below it,
    // so upward and sideways arrows fail. The list is the ladder, top first; RANKS below spells out what each may use.
    // The composition root (start-core.ts) and the CLIs beside it are no element: they may wire anything.
    files: ['src-main/**/*.ts'],
    ignores: [...TESTS, '**/testing.ts', '**/*.script.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [resolve(CONFIG_DIR, 'scripts/eslint-ts-resolver.cjs')]: {} },
      'boundaries/include': ['src-main/**/*.ts', 'src-preload/**/*.ts'],
      'boundaries/elements': [
        { type: 'app', pattern: 'src-main/electron' },
        { type: 'contract', pattern: 'src-preload/contract' },
        ...CORE_FOLDERS.map((folder) => ({ type: folder, pattern: `src-main/core/${folder}` }))
      ]
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'Arrows point down the ladder only (eslint.config.js RANKS, ARCHITECTURE.md §2b): {{from.type}} may not import {{to.type}}.',
          policies: Object.entries(RANKS).map(([from, below]) => ({
            from: { element: { type: from } },
            allow: { to: { element: { types: { anyOf: [from, ...below] } } } }
          }))
        }
      ]
    }
  }
]
