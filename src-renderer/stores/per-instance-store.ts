// A summary per instance read from the core (unread counts, the day's figures): the entries keyed by instance id,
// reloaded through one coalesced query (one in flight, at most one pending) and kept as they were when a reload fails.
import { create } from 'zustand'
import { coalesced } from '../lib/coalesced.js'

export interface PerInstanceState<E> {
  byInstance: Record<string, E>
  loaded: boolean
  /** Reloads the entries; resolves once entries at least as new as this call are in. */
  load(): Promise<void>
}

export function createPerInstanceStore<E extends { instanceId: string }>(read: () => Promise<{ instances: E[] }>) {
  return create<PerInstanceState<E>>()((set) => {
    const query = async (): Promise<void> => {
      try {
        const dto = await read()
        set({ byInstance: Object.fromEntries(dto.instances.map((e) => [e.instanceId, e])), loaded: true })
      } catch {
        // A summary is a convenience: a failure (no bridge yet, the core away) leaves the last entries.
      }
    }
    return { byInstance: {}, loaded: false, load: coalesced(query) }
  })
}
