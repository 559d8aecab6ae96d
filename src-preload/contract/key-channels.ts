// The keys.* channels of the bridge (issue 23 item 6): the acting account's scoped API keys, managed in Settings >
// API keys — listed (never the key itself), created (the key shown once), revoked. Spread into CHANNELS (channels.ts).
// PURE: TypeBox builders are plain data.
import { Type } from '@sinclair/typebox'
import { channel } from './channel-def.js'

/** A scoped API key as listed: only the last 4 characters of the key are kept visible. */
export interface ApiKeyDto {
  id: string
  name: string
  /** The last 4 characters of the key, to tell keys apart. */
  tokenHint: string
  /** Only GET requests (reads and the event stream). */
  readOnly: boolean
  /** Only these instances; null: every instance of the account, including ones created later. */
  instanceIds: string[] | null
  /** Milliseconds since the epoch. */
  createdAt: number
  /** When the key was last accepted (ms since the epoch, to the minute); null: never used. */
  lastUsedAt: number | null
}

/** A key just created: `token` is the key itself, shown this once (only its hash is kept). */
export interface NewApiKeyDto extends ApiKeyDto {
  token: string
}

const strict = { additionalProperties: false } as const
const KeyId = Type.String({ minLength: 1, maxLength: 64 })

export const KEY_CHANNELS = {
  'keys.list': channel(Type.Object({}, strict)).returns<{ keys: ApiKeyDto[] }>(),
  /** instanceIds absent or null: every instance. */
  'keys.create': channel(
    Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 100 }),
        readOnly: Type.Optional(Type.Boolean()),
        instanceIds: Type.Optional(Type.Union([Type.Array(Type.String({ pattern: '^[A-Za-z0-9]{1,32}$' }), { minItems: 1, maxItems: 1000 }), Type.Null()]))
      },
      strict
    )
  ).returns<NewApiKeyDto>(),
  /** Refused from the next request on; live channels the key opened close within a second. */
  'keys.revoke': channel(Type.Object({ id: KeyId }, strict)).returns<{ revoked: ApiKeyDto }>()
} as const
