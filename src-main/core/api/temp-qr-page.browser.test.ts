// The temp-link QR page in a real browser (Debian's Chromium): live QR that follows the engine's rotation, pairing
// code, status, strict CSP holding (no console errors), and no request leaving the origin or carrying a Referer.
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** The bits of the page's DOM the checks read (this tsconfig has no DOM lib; string eval is blocked by the CSP). */
type PageDoc = { document: { getElementById(id: string): { src?: string } | null; querySelector(s: string): { textContent: string | null } | null } }

describe('temp-qr page in a browser', () => {
  let t: TestCore
  let browser: Browser
  /** Instances created while `fastQr` is set show each QR for 3 s (Baileys' qrTimeout) instead of 60 s / 20 s. */
  let fastQr = false
  const fastQrInstances = new Set<string>()
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (see .ci/run)`)
    t = await startTestCore('sandbox', {
      engine: {
        socketConfigFor: (id) => {
          if (fastQr) fastQrInstances.add(id)
          return fastQrInstances.has(id) ? { qrTimeout: 3_000 } : {}
        }
      }
    })
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

  it('follows the QR as the engine rotates it', async () => {
    fastQr = true
    const id = await t.createInstance()
    fastQr = false
    const issued: string[] = []
    const off = t.core.bus.on('session.qr', (e) => e.instanceId === id && e.qr && issued.push(e.qr))
    await t.waitForStatus(id, 'SCAN_QR_CODE')
    const link = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json().link as string
    const page = await browser.newPage()
    const qrSrc = () => page.evaluate(() => (globalThis as unknown as PageDoc).document.getElementById('qr')?.src ?? '')
    await page.goto(link)
    await page.waitForFunction(() => ((globalThis as unknown as PageDoc).document.getElementById('qr')?.src ?? '').startsWith('data:image/png'), undefined, { timeout: 15_000 })
    const first = await qrSrc()
    // The page renders what /state renders: the data URL of one QR string the engine issued.
    const rendered = async (qr: string) => QRCode.toDataURL(qr, { margin: 2, width: 264 })
    const firstQr = await waitUntil(async () => {
      for (const qr of issued) if ((await rendered(qr)) === first) return qr
      return undefined
    }, 5_000, 'first image is an issued QR')
    // Without reloading, the image changes to a later QR of the same instance.
    await page.waitForFunction((before) => ((globalThis as unknown as PageDoc).document.getElementById('qr')?.src ?? '') !== before, first, { timeout: 20_000 })
    const next = await qrSrc()
    const laterQrs = issued.slice(issued.indexOf(firstQr) + 1)
    expect(laterQrs.length).toBeGreaterThan(0)
    expect(await Promise.all(laterQrs.map(rendered))).toContain(next)
    expect(await page.textContent('[data-testid=status]')).toBe('waiting for the phone')
    off()
    await page.close()
    await t.call('DELETE', '/v2/session/delete', { instance_id: id })
  })

  it('tells the visitor when the link was revoked', async () => {
    const id = await t.createInstance()
    const link = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json().link as string
    const page = await browser.newPage()
    await page.goto(link)
    await page.waitForSelector('[data-testid=status]:not(:empty)')
    await t.call('DELETE', '/v2/session/temp-link', { instance_id: id })
    const revokedAt = Date.now()
    await page.waitForSelector('#expired', { state: 'visible', timeout: 15_000 })
    // A revoked link's page closes within about a second (issue 21 item 1: one-time-link sessions are live channels).
    expect(Date.now() - revokedAt).toBeLessThan(1_500)
    expect(await page.textContent('[data-testid=status]')).toBe('expired')
    expect(await page.isVisible('#qr-box')).toBe(false)
    await page.close()
  })
})
