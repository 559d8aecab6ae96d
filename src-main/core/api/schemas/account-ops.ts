// Shared TypeBox pieces of the account operations (groups, labels, profile, presence, status, channels):
// their error answers and small result bodies.
import { Type } from '@sinclair/typebox'
import { ErrorBody } from './common.js'

/** Error answers of operations that act through the instance's connection. */
export const accountOpErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
  502: ErrorBody
}

export const SuccessAnswer = Type.Object({ success: Type.Literal(true) }, { additionalProperties: true })

export const NOT_WORKING_NOTE =
  'Acts through the instance\'s own connection: 422 session_status_mismatch while the instance is not WORKING (or is reconnecting), 502 proxy_error when the network fails or times out.'
