// A shop's inbox day in a real browser (issue 20 items 2, 4, 5, 13): the Instances dashboard counts the day and
// leads to the chats; a customer's message raises a browser Notification (permission granted to the page) and
// the unread count in the tab title, a click on it opens the chat, the per-instance mute survives a reload; a chat
// full of photos opens at its newest message and keeps the reader's place when older messages load; a photo
// enlarges in the viewer and downloads. One sandbox core; set up through the API, checked in the UI.
import { deflateSync } from 'node:zlib'
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

test.use({ plan: 'paid' })

/** A real PNG of the given size (one colour): photos with dimensions, so their loading could shift the layout. */
function png(width: number, height: number, rgb: [number, number, number]): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type), data])
    const c = Buffer.alloc(4)
    c.writeUInt32BE(crc(td))
    return Buffer.concat([len, td, c])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())])
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]).toString('base64')
}

test('the day, announcements, a chat of photos and the viewer', async ({ app, ui, page }) => {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${app.apiUrl}${path}${path.includes('?') ? '&' : '?'}access_token=${app.token}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined })
    const text = await res.text()
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`)
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }
  const poll = async <T>(read: () => Promise<T | undefined>, what: string): Promise<T> => {
    for (let i = 0; i < 120; i++) {
      const v = await read()
      if (v !== undefined) return v
      await new Promise((r) => setTimeout(r, 500))
    }
    throw new Error(`timed out waiting for ${what}`)
  }
  const SHOP = '15550000031'
  const BOB = '15550000032'
  let instanceId = ''
  const bobSays = (text: string) => api('POST', `/sandbox/phones/${BOB}/messages`, { to: SHOP, text })

  await test.step('pair a number through the API', async () => {
    await api('POST', '/sandbox/phones', { phone_number: SHOP, name: 'Shop phone' })
    await api('POST', '/sandbox/phones', { phone_number: BOB, name: 'Bob' })
    instanceId = String((await api('POST', '/v2/session/create')).instance_id)
    const qr = await poll(async () => {
      const r = await api('GET', `/v2/auth/qr?instance_id=${instanceId}`).catch(() => ({}) as Record<string, unknown>)
      return typeof r.value === 'string' ? r.value : undefined
    }, 'a QR')
    await api('POST', `/sandbox/phones/${SHOP}/scan`, { qr })
    await poll(async () => ((await api('GET', `/v2/session/info?instance_id=${instanceId}`)).status === 'WORKING' ? true : undefined), 'WORKING')
    await api('PATCH', `/v2/session/rate-limit?instance_id=${instanceId}`, { policy_slug: 'unlimited' })
  })

  await test.step('the Instances dashboard counts the day and opens the chats', async () => {
    await ui.go('Instances')
    const card = page.getByRole('listitem', { name: /^Instance / })
    await expect(card.getByTestId('state-words')).toContainText('Connected: sending and receiving · New chats allowed')
    await expect(card.getByText('+1 555 000 0031')).toBeVisible()
    await bobSays('Good morning, are you open?')
    const figures = card.getByRole('list', { name: 'Today' })
    await expect(figures).toContainText('1 received')
    await expect(figures).toContainText('0 sent')
    await expect(card.getByRole('button', { name: 'Open chats (1 unread)' })).toBeVisible()
    // The unread total is in the tab title.
    await expect(page).toHaveTitle('(1) Switchboard')
    await saveScreenshot(page, 'instances')
    await card.getByRole('button', { name: 'Open chats (1 unread)' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible()
    await expect(ui.chats.chat(/Bob|555 000 0032/)).toContainText('Good morning')
  })

  await test.step('a customer message raises a Notification; a click opens the chat; the mute survives a reload', async () => {
    await page.context().grantPermissions(['notifications'])
    // Every Notification the page makes is recorded (the browser's own is headless here).
    await page.addInitScript(() => {
      type Options = { body?: string; tag?: string }
      const w = globalThis as unknown as { Notification: new (title: string, options?: Options) => object; shown: { title: string; body: string | undefined; n: object }[] }
      const Real = w.Notification
      w.shown = []
      class Recorded extends Real {
        constructor(title: string, options?: Options) {
          super(title, options)
          w.shown.push({ title, body: options?.body, n: this })
        }
      }
      Object.defineProperty(globalThis, 'Notification', { value: Recorded, configurable: true, writable: true })
    })
    await page.reload()
    await ui.go('Instances')
    type Shown = { shown: { title: string; body?: string; n: { onclick: ((e: unknown) => void) | null } }[] }
    const shown = () => page.evaluate(() => (globalThis as unknown as Shown).shown.map(({ title, body }) => ({ title, body })))
    await bobSays('Do you have the blue one in stock?')
    await expect.poll(shown).toEqual([{ title: 'Bob', body: 'Do you have the blue one in stock?' }])
    await expect(page).toHaveTitle('(2) Switchboard')
    await page.evaluate(() => (globalThis as unknown as Shown).shown[0]!.n.onclick!({}))
    await expect(ui.chats.threadName).toHaveText(/Bob|\+1 555 000 0032/)
    await expect(ui.chats.thread.getByText('Do you have the blue one in stock?')).toBeVisible()
    await expect(page).toHaveTitle('Switchboard')

    // The open chat in a focused window is not announced.
    await bobSays('Hello?')
    await expect(ui.chats.thread.getByText('Hello?')).toBeVisible()
    expect(await shown()).toHaveLength(1)

    // Muted: kept by the core across a reload, and nothing is announced for the number.
    const announce = page.getByRole('checkbox', { name: 'Notify for this number' })
    const openSettings = () => page.locator('summary', { hasText: 'Notifications' }).click()
    await openSettings()
    await announce.uncheck()
    await page.reload()
    await ui.go('Chats')
    await openSettings()
    await expect(announce).not.toBeChecked()
    await ui.go('Instances')
    await bobSays('Muted message')
    await expect(page.getByRole('list', { name: 'Today' })).toContainText('4 received')
    expect(await shown()).toEqual([])
    await ui.go('Chats')
    await openSettings()
    await announce.check()
    await expect(announce).toBeChecked()
  })

  await test.step('a chat full of photos opens at its newest message and keeps the place when older ones load', async () => {
    const photo = png(480, 360, [200, 90, 40])
    const tall = png(300, 600, [40, 90, 200])
    for (let i = 1; i <= 36; i++) {
      if (i % 4 === 0) await api('POST', `/sandbox/phones/${BOB}/messages/media`, { to: SHOP, kind: 'image', data: i % 8 === 0 ? tall : photo, mimetype: 'image/png', caption: `photo ${i}` })
      else await bobSays(`line ${i}`)
    }
    await bobSays('the newest line')
    await ui.go('Instances')
    await expect(page.getByRole('list', { name: 'Today' })).toContainText('41 received')
    await ui.go('Chats')
    await ui.chats.chat(/Bob|555 000 0032/).click()
    const newest = ui.chats.thread.getByText('the newest line')
    await expect(newest).toBeInViewport()
    // Photos load after the chat opens: the newest message stays in view once they have.
    await expect(ui.chats.thread.getByRole('img', { name: 'Photo' }).last()).toBeVisible()
    await page.waitForTimeout(300)
    await expect(newest).toBeInViewport()
    const fromBottom = () => ui.chats.thread.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
    expect(await fromBottom()).toBeLessThan(80)
    await saveScreenshot(page, 'chats-photos')

    // Scrolled to the top: the older page comes in above, and the view stays where it was (below the new rows)
    // instead of jumping to the oldest message. (Which message anchors depends on the first page's size, which
    // outbound history rows change.)
    const before = await ui.chats.thread.evaluate((el) => el.scrollHeight)
    await ui.chats.thread.evaluate((el) => el.scrollTo({ top: 0 }))
    await expect(ui.chats.thread.getByRole('button', { name: 'Load older messages' })).toHaveCount(0)
    await expect(ui.chats.thread.getByRole('status')).toHaveCount(0)
    await expect.poll(() => ui.chats.thread.evaluate((el) => el.scrollHeight)).toBeGreaterThan(before)
    await page.waitForTimeout(300)
    expect(await ui.chats.thread.evaluate((el) => el.scrollTop)).toBeGreaterThan(0)
  })

  await test.step('a photo enlarges in the viewer and downloads', async () => {
    await ui.chats.thread.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    const enlarge = ui.chats.thread.getByRole('button', { name: 'Enlarge photo' }).last()
    await enlarge.click()
    const viewer = page.getByRole('dialog', { name: 'Photo' })
    await expect(viewer).toBeVisible()
    const image = viewer.getByRole('img', { name: 'Photo' })
    await expect(image).toBeVisible()
    expect(await image.evaluate((img) => [(img as unknown as { naturalWidth: number }).naturalWidth, (img as unknown as { naturalHeight: number }).naturalHeight])).toEqual([480, 360])
    const download = page.waitForEvent('download')
    await viewer.getByRole('button', { name: 'Download' }).click()
    expect((await download).suggestedFilename()).toBe('Photo.png')
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    await expect(enlarge).toBeFocused()
  })
})

