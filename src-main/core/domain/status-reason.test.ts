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
})
