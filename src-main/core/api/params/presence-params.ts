// The presence a client sets: online/offline for the account, typing/recording/paused in a chat.
import { isPresenceState } from '../../account/presence/presence-service.js'
import type { ApiPresenceState } from '../../account/presence/presence-tracker.js'
import { coreErrors } from '../../domain/core-errors.js'
import { stringParam, type Params } from '../request-params.js'

export function presenceStateOf(input: Params): ApiPresenceState {
  const presence = stringParam(input, 'presence')
  if (!presence) throw coreErrors.missingParam(['presence'])
  if (!isPresenceState(presence)) throw coreErrors.invalidParam('presence', 'use online, offline, typing, recording or paused')
  return presence
}
