// The temp-link QR page in a real browser (Debian's Chromium): live QR, pairing code, status, strict CSP
// holding (no console errors), and no request leaving the origin or carrying a Referer.
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../testing/core-harness.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** The bits of the page's DOM the checks read (this tsconfig has no DOM lib; string eval is blocked by the CSP). */
type PageDoc = { document: { getElementById(id: string): { src?: string } | null; querySelector(s: string): { textContent: string | null } | null } }

describe('temp-qr page in a browser', () => {
  let t: TestCore
  let browser: Browser
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (see .ci/run)`)
    t = await startTestCore('sandbox')
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('shows the live QR and status, pairs by code, and stays on its own origin', async () => {
    const id = await t.createInstance()
    await t.waitForStatus(id, 'SCAN_QR_CODE')
    const link = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json().link as string
    const phone = '15556660001'
    await t.core.sandbox!.createPhone({ phoneNumber: phone, name: 'Page' })

    const page = await browser.newPage()
    const consoleErrors: string[] = []
    const requests: { url: string; referer: string | undefined }[] = []
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()))
    page.on('pageerror', (e) => consoleErrors.push(e.message))
    page.on('request', (r) => requests.push({ url: r.url(), referer: r.headers()['referer'] }))

    await page.goto(link)
    await page.waitForFunction(() => ((globalThis as unknown as PageDoc).document.getElementById('qr')?.src ?? '').startsWith('data:image/png'), undefined, { timeout: 15_000 })
    expect(await page.textContent('[data-testid=status]')).toBe('waiting for the phone')

    await page.fill('#phone', phone)
    await page.click('button[type=submit]')
    await page.waitForFunction(() => /^[A-Z0-9]{4}-[A-Z0-9]{4}$/.test((globalThis as unknown as PageDoc).document.querySelector('[data-testid=pairing-code]')?.textContent ?? ''), undefined, { timeout: 15_000 })
    const code = (await page.textContent('[data-testid=pairing-code]'))!
    await t.core.sandbox!.enterPairingCode(phone, code)
    await page.waitForFunction(() => (globalThis as unknown as PageDoc).document.querySelector('[data-testid=status]')?.textContent === 'linked', undefined, { timeout: 20_000 })
    expect(await page.isVisible('#done')).toBe(true)

    expect(consoleErrors).toEqual([])
    const origin = new URL(link).origin
    expect(requests.length).toBeGreaterThan(3)
    for (const r of requests) {
      expect(r.url.startsWith(origin), r.url).toBe(true)
      expect(r.referer ?? '', r.url).toBe('')
    }
    await page.close()
  })

  it('tells the visitor when the link was revoked', async () => {
    const id = await t.createInstance()
    const link = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json().link as string
    const page = await browser.newPage()
    await page.goto(link)
    await t.call('DELETE', '/v2/session/temp-link', { instance_id: id })
    await page.waitForSelector('#expired', { state: 'visible', timeout: 15_000 })
    expect(await page.textContent('[data-testid=status]')).toBe('expired')
    await page.close()
  })
})
