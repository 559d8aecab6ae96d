import { describe, expect, it } from 'vitest'
import { statusReasonText } from './status-reason.js'

describe('status reasons in words', () => {
  it('explains every code the instance manager writes; unknown codes pass through', () => {
    expect(statusReasonText('failed:forbidden')).toMatch(/^the network refused the account \(403/)
    expect(statusReasonText('failed:banned')).toMatch(/^the network banned the account/)
    expect(statusReasonText('failed:conflict')).toMatch(/opened elsewhere 3 times in 5 minutes/)
    expect(statusReasonText('disconnect:401')).toMatch(/^the phone logged this device out/)
    expect(statusReasonText('disconnect:428')).toBe('connection lost (428): reconnecting')
    expect(statusReasonText('engine:open')).toBe('connected')
    expect(statusReasonText('failed:something_new')).toBe('failed:something_new')
    expect(statusReasonText('api:new')).toBe('api:new')
    expect(statusReasonText(null)).toBeNull()
  })

  it('says what a STARTING instance retries: through which proxy, why, which attempt and when', () => {
    expect(statusReasonText('retry:3:8000:ECONNREFUSED@proxy.example:8080')).toBe('connecting through proxy proxy.example:8080 failed (ECONNREFUSED), retry 3 in 8 s')
    expect(statusReasonText('retry:2:750:HTTP 407@10.0.0.2:3128')).toBe('connecting through proxy 10.0.0.2:3128 failed (HTTP 407), retry 2 in 750 ms')
    expect(statusReasonText('retry:2:4000:408')).toBe('connecting failed (408), retry 2 in 4 s')
    expect(statusReasonText('retry:garbled')).toBe('retry:garbled')
  })
})
