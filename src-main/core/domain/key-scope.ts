// What a scoped API key may do (issue 23 item 6): read only, and/or only some instances of its account. One pure
// decision per request, taken by the auth plugin for every route, so no route can forget to check it.

export interface KeyScope {
  /** Only methods that change nothing (GET, HEAD); event streams included. */
  readOnly: boolean
  /** Only these instances of the account; null = every instance, including ones created later. */
  instanceIds: readonly string[] | null
}

export type ScopeRefusal = 'read_only' | 'instance_scope' | 'full_token_required'

/**
 * Whether a request is within the scope. `instanceId` is the instance an instance route resolved to; account
 * routes pass none: an instance-limited key may use them only when the route narrows itself to the key's instances
 * (`narrows`, e.g. /v2/events), never ones that list or create the account's instances. `manage`: routes that
 * manage keys or accounts, which take the full token only.
 */
export function scopeRefusal(scope: KeyScope, request: { method: string; instanceId?: string | undefined; narrows?: boolean; manage?: boolean }): ScopeRefusal | undefined {
  if (request.manage) return 'full_token_required'
  if (scope.readOnly && request.method !== 'GET' && request.method !== 'HEAD') return 'read_only'
  if (scope.instanceIds) {
    if (request.instanceId !== undefined) return scope.instanceIds.includes(request.instanceId) ? undefined : 'instance_scope'
    if (!request.narrows) return 'instance_scope'
  }
  return undefined
}
