// Confirmations of what the user did (issue 12 item 5): a successful action says so in a toast that goes by itself
// after a few seconds; a failure stays until dismissed (it may need reading twice). One list for the whole app.
import { create } from 'zustand'

export type ToastKind = 'success' | 'error'

export interface Toast {
  id: number
  kind: ToastKind
  text: string
  /** What to do about an error, when known. */
  hint?: string
}

/** How long a confirmation stays on screen. */
export const TOAST_MS = 5_000

interface ToastsState {
  toasts: Toast[]
  /** Shows a confirmation (goes after TOAST_MS) or an error (stays until dismissed); returns its id. */
  show(kind: ToastKind, text: string, hint?: string): number
  dismiss(id: number): void
}

let nextId = 1

export const useToastsStore = create<ToastsState>()((set, get) => ({
  toasts: [],
  show(kind, text, hint) {
    const id = nextId++
    // The same words again replace the older toast instead of stacking.
    set((s) => ({ toasts: [...s.toasts.filter((t) => t.text !== text), { id, kind, text, ...(hint ? { hint } : {}) }] }))
    if (kind === 'success') setTimeout(() => get().dismiss(id), TOAST_MS)
    return id
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }))
}))

/** Shorthands for stores and views. */
export const confirmDone = (text: string): number => useToastsStore.getState().show('success', text)
export const reportFailure = (text: string, hint?: string): number => useToastsStore.getState().show('error', text, hint)
