// The boundary between the InstanceManager (engine-agnostic lifecycle) and a messaging engine (Baileys).
// An engine session reports what happens on its connection through EngineListener; the manager decides
// what that means for the instance's status, persists it and publishes events.
import type { InstanceMe } from '../domain/events.js'

export type EngineSignal =
  /** Socket being made (first connect or reconnect). */
  | { kind: 'connecting'; attempt: number }
  /** Not paired: a QR (and the pairing-code option) is available. Emitted again each time the QR rotates. */
  | { kind: 'qr'; qr: string; /** How long the engine shows this QR before it rotates (Baileys: 60 s first, then 20 s). */ lifetimeMs: number }
  /** A phone accepted the link; the engine is restarting the connection to log in. */
  | { kind: 'paired'; me: InstanceMe }
  /** Logged in and ready to send. */
  | { kind: 'open'; me: InstanceMe }
  /** The paired account's details changed while open (e.g. the push name arrived with the history sync). */
  | { kind: 'me'; me: InstanceMe }
  /**
   * Connection lost (or a connect attempt failed); the engine tries again by itself after `delayMs`, as attempt
   * `attempt`. `cause`: what failed (the proxy's host:port when it was the proxy, and the error code).
   */
  | { kind: 'reconnecting'; code: number | undefined; delayMs: number; attempt: number; cause: { proxy?: string; error: string } }
  /** The pairing is gone (unlinked on the phone, or a logout): creds were wiped, a fresh QR follows. */
  | { kind: 'logged_out'; code: number | undefined }
  /**
   * The engine gave up. With `retryInMs` it keeps trying in the background at that slow cadence (a cause that may
   * pass, such as no network) and reports `open` if one attempt connects; without it, not until started again.
   */
  | { kind: 'failed'; reason: EngineFailure; code: number | undefined; retryInMs?: number }

/** forbidden: the network refused the login with 403 (locked); banned: with 402 (temporarily) or 406. */
/** proxy_unreachable: retries ran out and the last attempt failed to reach or pass the instance's proxy. */
export type EngineFailure = 'retries_exhausted' | 'qr_timeout' | 'conflict' | 'forbidden' | 'banned' | 'proxy_unreachable'

export type EngineListener = (signal: EngineSignal) => void

export interface EngineSession {
  readonly instanceId: string
  /** Connects in the background; progress arrives through the listener. Idempotent while running. */
  start(): void
  /** Closes the connection and stops retrying; keeps the pairing. */
  stop(): Promise<void>
  /**
   * Unlinks the device on the network (when connected) and wipes the pairing; then starts a fresh registration
   * (a new QR), unless `reconnect` is false (delete).
   */
  logout(options?: { reconnect?: boolean }): Promise<void>
  /** Asks the network for an 8-character pairing code for the phone; requires a QR to be showing. */
  requestPairingCode(phoneNumber: string): Promise<string>
  /** The QR currently showing, if any. */
  currentQr(): string | undefined
  /** True while the transport is logged in. */
  isOpen(): boolean
}

export interface EngineAdapter {
  /** Engine name reported by the API (`engine` of webhook envelopes). */
  readonly name: string
  createSession(instanceId: string, listener: EngineListener): EngineSession
  /** Whether pairing data exists, i.e. a start would resume without a scan. */
  hasPairing(instanceId: string): boolean
  /** Remove stored pairing data (the instance is being deleted or logged out while stopped). */
  wipePairing(instanceId: string): void
  /** The paired account as stored, even while stopped. */
  storedMe(instanceId: string): InstanceMe | null
}
