// keys.*: the acting account's scoped API keys (issue 23 item 6), over services.apiKeys; maps ApiKey to its DTO.
import type { ApiKeyDto } from '../../../../src-preload/contract/key-channels.js'
import type { ApiKey } from '../../db/repositories/api-keys-repo.js'
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

const dto = (k: ApiKey): ApiKeyDto => ({
  id: k.id,
  name: k.name,
  tokenHint: k.tokenHint,
  readOnly: k.scope.readOnly,
  instanceIds: k.scope.instanceIds ? [...k.scope.instanceIds] : null,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt
})

export function keyHandlers({ services: { apiKeys }, account }: BridgeContext): HandlersOf<'keys'> {
  return {
    'keys.list': () => ({ keys: apiKeys.list(account().id).map(dto) }),
    'keys.create': ({ name, readOnly, instanceIds }) => {
      const created = apiKeys.create(account().id, { name, readOnly: readOnly === true, instanceIds: instanceIds ?? null })
      return { ...dto(created.key), token: created.token }
    },
    'keys.revoke': ({ id }) => ({ revoked: dto(apiKeys.revoke(account().id, id)) })
  }
}
