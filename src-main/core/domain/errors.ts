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

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError
