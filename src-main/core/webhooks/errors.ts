// Domain errors of the webhook module; the HTTP layer maps `code` to a status (400 for invalid_*, 404 for *_not_found).
import { DomainError } from '../domain/errors.js'

/** A webhook config the user supplied is invalid; `details.field` names the offending parameter. */
export class WebhookValidationError extends DomainError {}

/** The webhook (by URL) or the event (by id) does not exist for that instance. */
export class WebhookNotFoundError extends DomainError {}

/** verifyWebhook() rejected a delivery: missing headers, stale timestamp or no matching signature. */
export class WebhookVerificationError extends DomainError {}

/** The live event stream cannot resume from a cursor that is no longer in the outbox (pruned, or not the account's). */
export class EventStreamError extends DomainError {
  static cursorExpired(after: string): EventStreamError {
    return new EventStreamError(
      'cursor_expired',
      `The event ${after.slice(0, 40)} is no longer retained, so events after it may be missing`,
      { recommendation: 'Reconnect without after / Last-Event-ID to receive events from now on (GET /v2/webhook/events lists what is still retained)', after }
    )
  }
}
