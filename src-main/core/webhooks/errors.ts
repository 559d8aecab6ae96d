// Domain errors of the webhook module; the HTTP layer maps `code` to a status (400 for invalid_*, 404 for *_not_found).
import { DomainError } from '../domain/errors.js'

/** A webhook config the user supplied is invalid; `details.field` names the offending parameter. */
export class WebhookValidationError extends DomainError {}

/** The webhook (by URL) or the event (by id) does not exist for that instance. */
export class WebhookNotFoundError extends DomainError {}

/** verifyWebhook() rejected a delivery: missing headers, stale timestamp or no matching signature. */
export class WebhookVerificationError extends DomainError {}
