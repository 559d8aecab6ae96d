// The faults panel's descriptors and the sandbox.fault channel's union agree: every fault kind has exactly one
// descriptor, each descriptor asks for exactly the body's properties (required ones marked so), and every value a
// descriptor offers (choices, bounds) is one the channel accepts — so the panel can offer nothing the core refuses.
import { Value } from '@sinclair/typebox/value'
import type { TObject } from '@sinclair/typebox'
import { describe, expect, it } from 'vitest'
import { FAULTS, SandboxFaultRequest, type FaultParam } from './sandbox-faults.js'

const branches = SandboxFaultRequest.anyOf as unknown as TObject[]
const kindOf = (b: TObject) => (b.properties.kind as unknown as { const: string }).const
const sample = (p: FaultParam): unknown =>
  p.type === 'device' ? '15550000001:1@s.whatsapp.net' : p.type === 'phone' ? '15550000001' : p.type === 'boolean' ? true : p.type === 'integer' ? (p.min ?? 1) : p.type === 'choice' ? p.choices![0]!.value : (p.example ?? 'ABC')

describe('sandbox fault descriptors', () => {
  it('cover every kind of the channel once', () => {
    expect(FAULTS.map((f) => f.kind).sort()).toEqual(branches.map(kindOf).sort())
  })

  it('ask for exactly the properties of their body, required ones as required', () => {
    for (const f of FAULTS) {
      const b = branches.find((x) => kindOf(x) === f.kind)!
      expect(f.params.map((p) => p.name).sort(), f.kind).toEqual(Object.keys(b.properties).filter((k) => k !== 'kind').sort())
      expect(f.params.filter((p) => p.required).map((p) => p.name).sort(), f.kind).toEqual((b.required ?? []).filter((k) => k !== 'kind').sort())
      expect(f.label && f.help && f.done, f.kind).toBeTruthy()
    }
  })

  it('offer only values the channel accepts, and their bounds are the channel\'s', () => {
    for (const f of FAULTS) {
      const full = Object.fromEntries([['kind', f.kind], ...f.params.map((p) => [p.name, sample(p)])])
      expect(Value.Check(SandboxFaultRequest, full), `${f.kind} ${JSON.stringify(full)}`).toBe(true)
      for (const p of f.params) {
        for (const c of p.choices ?? []) expect(Value.Check(SandboxFaultRequest, { ...full, [p.name]: c.value }), `${f.kind}.${p.name}=${c.value}`).toBe(true)
        if (p.type === 'integer') {
          expect(Value.Check(SandboxFaultRequest, { ...full, [p.name]: p.max }), `${f.kind}.${p.name} max`).toBe(true)
          expect(Value.Check(SandboxFaultRequest, { ...full, [p.name]: p.max! + 1 }), `${f.kind}.${p.name} over max`).toBe(false)
          expect(Value.Check(SandboxFaultRequest, { ...full, [p.name]: p.min! - 1 }), `${f.kind}.${p.name} under min`).toBe(false)
        }
      }
      // An unknown property is refused (the core validates with the same schema).
      expect(Value.Check(SandboxFaultRequest, { ...full, extra: 1 })).toBe(false)
    }
  })
})
