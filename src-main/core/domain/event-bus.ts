// A small typed, synchronous, in-process event bus. A throwing listener is reported, never propagated:
// one broken subscriber must not break the engine that published.

export type Listener<P> = (payload: P) => void
export type AnyListener<M> = <K extends keyof M>(name: K, payload: M[K]) => void

/** The part of a bus a publisher needs (narrower maps stay assignable from a wider bus). */
export type EventPublisher<M> = { emit<K extends keyof M>(name: K, payload: M[K]): void }
/** The part of a bus a subscriber of named events needs. */
export type EventSubscriber<M> = {
  on<K extends keyof M>(name: K, listener: Listener<M[K]>): () => void
  once<K extends keyof M>(name: K, listener: Listener<M[K]>): () => void
}

export interface EventBus<M> {
  on<K extends keyof M>(name: K, listener: Listener<M[K]>): () => void
  once<K extends keyof M>(name: K, listener: Listener<M[K]>): () => void
  /** Every event, in publication order (for the UI push and recorders). */
  onAny(listener: AnyListener<M>): () => void
  emit<K extends keyof M>(name: K, payload: M[K]): void
  listenerCount(name: keyof M): number
}

export function createEventBus<M>(onListenerError: (error: unknown, name: keyof M) => void = () => {}): EventBus<M> {
  const listeners = new Map<keyof M, Set<Listener<never>>>()
  const anyListeners = new Set<AnyListener<M>>()

  const on = <K extends keyof M>(name: K, listener: Listener<M[K]>) => {
    let set = listeners.get(name)
    if (!set) listeners.set(name, (set = new Set()))
    set.add(listener as Listener<never>)
    return () => void set.delete(listener as Listener<never>)
  }

  return {
    on,
    once(name, listener) {
      const off = on(name, (payload) => {
        off()
        listener(payload)
      })
      return off
    },
    onAny(listener) {
      anyListeners.add(listener)
      return () => void anyListeners.delete(listener)
    },
    emit(name, payload) {
      // Copy first: a listener may unsubscribe (once) while we iterate.
      for (const l of [...(listeners.get(name) ?? [])]) {
        try {
          ;(l as Listener<typeof payload>)(payload)
        } catch (e) {
          onListenerError(e, name)
        }
      }
      for (const l of [...anyListeners]) {
        try {
          l(name, payload)
        } catch (e) {
          onListenerError(e, name)
        }
      }
    },
    listenerCount: (name) => listeners.get(name)?.size ?? 0
  }
}
