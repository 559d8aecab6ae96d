// Chats end to end, new conversations and media: a searched number with no chat offers "Message +1 555 …" (checked
// on the sandbox network), the empty thread sends the first message and the chat appears in the list; a photo Bob's
// phone sends shows inline with real pixels, and his document has a Download action that saves the exact file.
import { readFileSync } from 'node:fs'
import { Jimp } from 'jimp'
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

// Paid plan: the unlimited policy sends at once (strict and standard hold sends 30-60 s after connecting).
test.use({ plan: 'paid' })

/** Width of the decoded picture (0 until it has real pixels); the e2e code has no DOM types. */
type Img = { complete: boolean; naturalWidth: number }

test('start a conversation with a number, and see the media people send', async ({ ui, app, page }) => {
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${app.apiUrl}${path}`, { method: 'POST', headers: { 'access-token': app.token, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect(res.status, await res.clone().text()).toBe(201)
    return (await res.json()) as { id: string }
  }
  await ui.go('Sandbox')
  await ui.sandbox.createPhone('15550000021', 'Alice')
  await ui.sandbox.createPhone('15550000022', 'Bob')
  await ui.sandbox.createPhone('15550000023', 'Carol')
  await ui.go('Instances')
  const id = await ui.instances.create('Shop desk')
  await ui.instances.expectStatus('Shop desk', 'SCAN_QR_CODE')
  await ui.go('Sandbox')
  await ui.sandbox.scanQrOf('Alice', id)
  await ui.go('Instances')
  await ui.instances.expectStatus('Shop desk', 'WORKING')
  await ui.go('Policies')
  await ui.policies.useButton('Unlimited').click()
  await expect(ui.policies.column('Unlimited')).toContainText('Current')

  // Carol has never written: her number, as people type it, finds no chat but offers one.
  await ui.go('Chats')
  await ui.chats.search('+1 555 000 0023')
  const chats = page.getByRole('navigation', { name: 'Chats' })
  await expect(chats.getByText('No chat matches.')).toBeVisible()
  await chats.getByRole('button', { name: 'Message +1 555 000 0023' }).click()
  await expect(ui.chats.threadName).toHaveText('+1 555 000 0023')
  await expect(page.getByLabel('Message', { exact: true })).toBeFocused()
  await ui.chats.send('Hello Carol, your order is ready')
  await expect(ui.chats.thread.locator('.bubble.out').filter({ hasText: 'Hello Carol, your order is ready' })).toBeVisible()
  await expect(ui.chats.chat(/\+1 555 000 0023/)).toContainText('You: Hello Carol, your order is ready')
  await ui.go('Sandbox')
  const inbox = await ui.sandbox.openInbox('Carol', '15550000023')
  await expect(inbox.getByText('Hello Carol, your order is ready')).toBeVisible()

  // A number that is not on WhatsApp is said to be so.
  await ui.go('Chats')
  await ui.chats.search('15550000099')
  await chats.getByRole('button', { name: 'Message +1 555 000 0099' }).click()
  await expect(chats.getByRole('status').filter({ hasText: 'is not on WhatsApp' })).toContainText('+1 555 000 0099 is not on WhatsApp')
  await ui.chats.search('')

  // Bob's phone sends a photo and a document (encrypted, uploaded to the sandbox media host).
  const photo = await new Jimp({ width: 64, height: 48, color: 0xff8800ff }).getBuffer('image/png')
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n% price list\n'), Buffer.alloc(2000, 7)])
  await api('/sandbox/phones/15550000022/messages/media', { to: '15550000021', kind: 'image', data: photo.toString('base64'), mimetype: 'image/png', caption: 'Our new shop front' })
  await api('/sandbox/phones/15550000022/messages/media', { to: '15550000021', kind: 'document', data: pdf.toString('base64'), mimetype: 'application/pdf', filename: 'price-list.pdf' })
  const bob = ui.chats.chat(/15550000022|Bob/)
  await expect(bob).toContainText('price-list.pdf')
  await bob.click()
  const image = ui.chats.thread.getByRole('img', { name: 'Photo' })
  await expect(image).toBeVisible()
  await expect(ui.chats.thread.getByText('Our new shop front')).toBeVisible()
  await expect.poll(() => image.evaluate((el) => ((el as unknown as Img).complete ? (el as unknown as Img).naturalWidth : 0))).toBe(64)

  const download = page.waitForEvent('download')
  await ui.chats.mediaAction('Download price-list.pdf').click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe('price-list.pdf')
  expect(readFileSync(await saved.path()).equals(pdf)).toBe(true)

  // The composer previews a photo before it is sent.
  await page.getByLabel('Attach a file').setInputFiles({ name: 'counter.png', mimeType: 'image/png', buffer: photo })
  const preview = page.getByRole('img', { name: 'Preview of counter.png' })
  await expect(preview).toBeVisible()
  await expect.poll(() => preview.evaluate((el) => (el as unknown as Img).naturalWidth)).toBe(64)
  await saveScreenshot(page, 'chats-media')

  // The smallest window (760x520): the New chat form fits the chat list, nothing scrolls sideways.
  await page.setViewportSize({ width: 760, height: 520 })
  await chats.getByRole('button', { name: 'New chat' }).click()
  const form = chats.getByRole('form', { name: 'New chat' })
  await expect(form.getByLabel('Phone number', { exact: true })).toBeFocused()
  // 0.99: sub-pixel rounding of the virtualized list's layout may leave a fraction of a pixel outside.
  await expect(form.getByRole('button', { name: 'Start chat' })).toBeInViewport({ ratio: 0.99 })
  expect(await chats.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeInViewport({ ratio: 1 })
  await saveScreenshot(page, 'chats-new-chat-small')
})
