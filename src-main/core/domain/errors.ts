// Domain error base: every failure the product reports carries a stable `code`.
// Transports (HTTP, bridge) translate codes to their own status vocabulary in one place each.

export interface ErrorDetails {
  missing?: string[]
  recommendation?: string
  [key: string]: unknown
}

export class DomainError extends Error {
  readonly code: string
  readonly details: ErrorDetails | undefined

  constructor(code: string, message: string, details?: ErrorDetails) {
    super(message)
    this.name = new.target.name
    this.code = code
    this.details = details
  }
}

/** A module's error class: a DomainError whose code is one of the module's own codes. */
export class CodedError<C extends string> extends DomainError {
  declare readonly code: C

  constructor(code: C, message: string, details?: ErrorDetails) {
    super(code, message, details)
  }
}

/**
 * The one error factory: an error with one of a module's codes, its message, what to do about it and any further
 * details (the recommendation goes last, as clients read it in `details`). A module's table types it with its own
 * codes (`const send = domainError<SendErrorCode>`); transports map the code, never the module.
 */
export function domainError<C extends string>(code: C, message: string, recommendation?: string, details?: ErrorDetails): CodedError<C> {
  return new CodedError(code, message, recommendation === undefined ? details : { ...details, recommendation })
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError
