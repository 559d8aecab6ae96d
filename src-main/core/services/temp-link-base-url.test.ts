// Issue 23 item 9: which address a temporary link is handed out with — the configured public URL, else the address
// the request came in on unless it is loopback, else (bound beyond loopback) the address the API listens on.
import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/connection.js'
import { TempLinkService, type TempLinkServiceDeps } from './temp-link-service.js'

const service = (deps: Partial<TempLinkServiceDeps>) => new TempLinkService({ db: undefined as unknown as Db, now: Date.now, port: () => 3000, ...deps })
const row = { token: 'tok_abcdefghijklmnopqrstu' } as Parameters<TempLinkService['urlOf']>[0]
const lan = Object.values(networkInterfaces()).flatMap((l) => l ?? []).find((a) => a.family === 'IPv4' && !a.internal)?.address

describe('temporary link address', () => {
  it('a configured public URL wins over everything', () => {
    const s = service({ publicUrl: () => 'https://t.example.com', boundHost: '0.0.0.0' })
    expect(s.urlOf(row, { protocol: 'http', host: '192.168.1.20:3000' })).toBe('https://t.example.com/temp-qr/tok_abcdefghijklmnopqrstu')
  })

  it('the address the request came in on when it is not loopback (a LAN address, an allowed name)', () => {
    const s = service({ publicUrl: () => null, boundHost: '0.0.0.0' })
    expect(s.baseUrl({ protocol: 'http', host: '192.168.1.20:3000' })).toBe('http://192.168.1.20:3000')
    expect(s.baseUrl({ protocol: 'http', host: 'host.docker.internal:3000' })).toBe('http://host.docker.internal:3000')
  })

  it('asked on loopback while the API listens beyond it: the address it listens on', () => {
    expect(service({ boundHost: '192.168.1.20' }).baseUrl({ protocol: 'http', host: '127.0.0.1:3000' })).toBe('http://192.168.1.20:3000')
    const wildcard = service({ boundHost: '0.0.0.0' }).baseUrl({ protocol: 'http', host: 'localhost:3000' })
    expect(wildcard).toBe(lan ? `http://${lan}:3000` : 'http://localhost:3000')
  })

  it('on a loopback-only API: the request\'s own address (this machine only)', () => {
    expect(service({ boundHost: '127.0.0.1' }).baseUrl({ protocol: 'http', host: 'localhost:3000' })).toBe('http://localhost:3000')
    expect(service({ boundHost: '127.0.0.1' }).baseUrl()).toBe('http://127.0.0.1:3000')
  })
})
