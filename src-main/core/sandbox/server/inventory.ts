// Stanza inventory: which iq kinds and stanza tags clients sent, and which of them the sandbox had no handler
// for. The canary for Baileys upgrades (a test fails when an unhandled iq shows up).

export class StanzaInventory {
  readonly handled = new Map<string, number>()
  readonly unhandled = new Map<string, number>()

  record(kind: string, handled: boolean): void {
    const m = handled ? this.handled : this.unhandled
    m.set(kind, (m.get(kind) ?? 0) + 1)
  }

  snapshot(): { handled: string[]; unhandled: string[] } {
    return { handled: [...this.handled.keys()].sort(), unhandled: [...this.unhandled.keys()].sort() }
  }
}
