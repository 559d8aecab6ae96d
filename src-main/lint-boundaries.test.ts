// Proves the layer boundaries of eslint.config.js bite: deliberate violations at virtual paths are reported by
// the boundary they break, and the allowed shapes (and tests, which reach in on purpose) pass.
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

/** Rule ids reported for `code` as if it lived at `path` (relative to the repo root). */
async function rulesFor(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) })
  if (!result) throw new Error(`no lint result for ${path}`)
  const fatal = result.messages.filter((m) => m.fatal)
  if (fatal.length) throw new Error(`parse error in ${path}: ${fatal[0]?.message}`)
  return result.messages.map((m) => m.ruleId ?? '')
}

describe('layer boundaries', () => {
  it.each([
    ['src-main/core/messaging/send/x.ts', "import { x } from '../../api/request-params.js'\nx()", 'layers/no-upward-imports'],
    ['src-main/core/services/x.ts', "import type { X } from '../bridge/bridge-deps.js'\nexport type Y = X", 'layers/no-upward-imports'],
    ['src-main/core/engine/x.ts', "export { y } from '../api/api-deps.js'", 'layers/no-upward-imports'],
    ['src-main/core/domain/x.ts', "import { openDatabase } from '../db/connection.js'\nopenDatabase()", 'layers/domain-pure'],
    ['src-main/core/domain/x.ts', "import { readFileSync } from 'node:fs'\nreadFileSync('a')", 'layers/domain-pure'],
    ['src-main/core/domain/x.ts', "import type { WASocket } from '@whiskeysockets/baileys'\nexport type S = WASocket", 'layers/domain-pure'],
    ['src-main/core/account/x.ts', "import { app } from 'electron'\napp.quit()", 'layers/core-no-electron'],
    ['src-renderer/views/x.tsx', "import { x } from '../../src-main/core/domain/ids.js'\nx()", 'layers/renderer-contract-only'],
    ['src-renderer/views/x.tsx', "import { x } from '../../src-preload/index.js'\nx()", 'layers/renderer-contract-only'],
    ['src-main/core/api/routes/v2/x.ts', 'declare const GroupService: any\nnew GroupService(1)', 'layers/front-door-no-construct'],
    ['src-main/core/api/routes/v2/x.ts', 'declare const PresenceTracker: any\nnew PresenceTracker()', 'layers/front-door-no-construct'],
    ['src-main/core/bridge/handlers/x.ts', 'declare const createGroupPacer: any\ncreateGroupPacer()', 'layers/front-door-no-construct'],
    ['src-main/core/api/x.ts', 'declare const createInstanceService: any\ncreateInstanceService()', 'layers/front-door-no-construct'],
    ['src-main/core/api/routes/x.ts', "import { createEventBus } from '../../domain/event-bus.js'\ncreateEventBus()", 'layers/front-door-no-bus'],
    ['src-main/core/bridge/x.ts', "import type { EventSubscriber } from '../domain/event-bus.js'\nexport type B = EventSubscriber<object>", 'layers/front-door-no-bus'],
    ['src-main/core/webhooks/x.ts', "import type { BaileysBusEvents } from '../engine/baileys/baileys-events.js'\nexport type E = BaileysBusEvents", 'layers/raw-baileys-events-ingest-only'],
    ['src-main/core/messaging/reads/x.ts', "import { jidNormalizedUser } from '@whiskeysockets/baileys'\njidNormalizedUser('a')", 'layers/baileys-in-engine-only'],
    ['src-main/core/account/x.ts', "import type { WASocket } from '@whiskeysockets/baileys'\nexport type S = WASocket", 'layers/baileys-in-engine-only'],
    ['src-main/core/bridge/x.ts', 'declare const engine: { liveSocket(id: string): unknown }\nengine.liveSocket("I")', 'layers/no-raw-socket'],
    // Folder ranks (eslint-plugin-boundaries): upward and sideways arrows between folders.
    ['src-main/core/engine/x.ts', "import { DEFAULT_POLICY_SLUG } from '../rate-limit/policies.js'\nDEFAULT_POLICY_SLUG", 'boundaries/dependencies'],
    ['src-main/core/messaging/ingest/x.ts', "import { listChannels } from '../../account/channels/channel-service.js'\nlistChannels", 'boundaries/dependencies'],
    ['src-main/core/secrets/x.ts', "import { openDatabase } from '../db/connection.js'\nopenDatabase", 'boundaries/dependencies'],
    ['src-main/core/settings/x.ts', "import type { CoreServices } from '../services/core-services.js'\nexport type S = CoreServices", 'boundaries/dependencies'],
    ['src-main/core/bridge/x.ts', "import { SandboxNetwork } from '../sandbox/index.js'\nSandboxNetwork", 'boundaries/dependencies'],
    ['src-main/core/bridge/x.ts', "import { registerSecurity } from '../api/plugins/security.js'\nregisterSecurity", 'boundaries/dependencies'],
    ['src-main/core/services/x.ts', "import type { InstanceDto } from '../../../src-preload/contract/dto.js'\nexport type D = InstanceDto", 'boundaries/dependencies'],
    ['src-main/core/settings/x.ts', "import type { AppSettingsDto } from '../../../src-preload/contract/dto.js'\nexport type D = AppSettingsDto", 'boundaries/dependencies']
  ])('reports the boundary broken at %s (case %#)', async (path, code, rule) => {
    expect(await rulesFor(path, code)).toContain(rule)
  })

  it.each([
    ['src-main/core/messaging/send/x.ts', "import { stmt } from '../../db/statements.js'\nimport { x } from './api-helpers.js'\nstmt; x()"],
    ['src-main/core/domain/x.ts', "import { randomUUID } from 'node:crypto'\nimport { y } from './ids.js'\nrandomUUID(); y()"],
    ['src-renderer/views/x.tsx', "import type { Dto } from '../../src-preload/contract/dto.js'\nexport const f = (d: Dto) => <div>{String(d)}</div>"],
    ['src-main/core/api/routes/v2/x.ts', 'declare const deps: { services: { groups: { list(): void } } }\ndeps.services.groups.list()'],
    ['src-main/core/bridge/x.ts', "import type { MessageDto } from '../../../src-preload/contract/dto.js'\nimport type { ChatMessage } from '../services/chats-service.js'\nexport type M = (m: ChatMessage) => MessageDto"],
    ['src-main/core/messaging/ingest/x.ts', "import type { BaileysBusEvents } from '../../engine/baileys/baileys-events.js'\nexport type E = BaileysBusEvents"],
    ['src-main/core/engine/baileys/x.ts', "import makeWASocket from '@whiskeysockets/baileys'\nmakeWASocket({} as never)"],
    ['src-main/core/messaging/reads/x.ts', "import { jidNormalizedUser } from '../../engine/wa-wire.js'\njidNormalizedUser('a')"],
    ['src-main/core/db/x.ts', "import { registerAtRestFunctions } from '../secrets/at-rest-crypto.js'\nregisterAtRestFunctions"],
    ['src-main/core/api/x.ts', "import { serveMcp } from '../mcp/mcp-http.js'\nimport { isLoopbackHost } from '../domain/host-policy.js'\nserveMcp; isLoopbackHost"],
    ['src-main/core/start-core.ts', "import type { BaileysBusEvents } from './engine/baileys/baileys-events.js'\nimport { s } from './services/core-services.js'\ns()"],
    ['src-main/electron/x.ts', "import { app } from 'electron'\napp.quit()"],
    // Tests reach in on purpose.
    ['src-main/core/messaging/x.test.ts', "import { x } from '../api/request-params.js'\nx()"],
    ['src-main/core/api/routes/v2/x.test.ts', 'declare const GroupService: any\nnew GroupService(1)']
  ])('passes allowed imports at %s (case %#)', async (path, code) => {
    expect(await rulesFor(path, code)).toEqual([])
  })
})
