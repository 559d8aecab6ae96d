// Webhooks on the paid plan: add a URL for session.status in the UI, cause status changes, see the delivery in the
// log (HTTP 200) and at a real local receiver.
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'
import { createHmac } from 'node:crypto'
import { startReceiver } from './webhook-receiver.js'

test.use({ plan: 'paid' })

test('add a webhook and see its deliveries', async ({ ui, page }) => {
  const receiver = await startReceiver()
  try {
    const id = await ui.instances.create('Hook desk')
    await ui.instances.expectStatus('Hook desk', 'SCAN_QR_CODE')
    await ui.go('Webhooks')
    await ui.webhooks.add(receiver.url, ['session.status'])

    // A restart goes STARTING -> SCAN_QR_CODE: two session.status events for the new webhook.
    await ui.go('Instances')
    await ui.instances.card('Hook desk').getByRole('button', { name: 'Restart' }).click()
    await ui.instances.expectStatus('Hook desk', 'SCAN_QR_CODE')
    await ui.go('Webhooks')
    const delivered = ui.webhooks.deliveryRows().filter({ hasText: 'session.status' }).filter({ hasText: 'Delivered' })
    await expect(delivered.first()).toBeVisible()
    await expect(delivered.first().getByTestId('delivery-status')).toHaveText('200')
    await expect.poll(() => receiver.received.filter((r) => r.body.event === 'session.status' && r.body.instance_id === id).length).toBeGreaterThanOrEqual(1)
    const first = receiver.received.find((r) => r.body.event === 'session.status')!
    expect(first.headers['webhook-id']).toBe(first.body.id)

    await delivered.first().getByRole('button', { name: 'Attempts' }).click()
    await expect(page.getByText(/#1 Delivered · 200/).first()).toBeVisible()
    await saveScreenshot(page, 'webhooks')

    // Edited in place: one more event, without typing the URL again.
    await ui.webhooks.editEvents(receiver.url, ['message'])
    await expect(ui.webhooks.item(receiver.url)).toContainText('Events: session.status, message')
  } finally {
    await receiver.close()
  }
})

test('a receiver that fails, recovers and is replayed to; a 410 pauses the webhook on screen', async ({ ui, page }) => {
  const receiver = await startReceiver()
  try {
    await ui.instances.create('Flaky desk')
    await ui.instances.expectStatus('Flaky desk', 'SCAN_QR_CODE')
    await ui.go('Webhooks')
    // One attempt: the first failure is final, so the log shows it as Failed at once.
    await page.getByRole('form', { name: 'Add a webhook' }).getByLabel('Attempts').fill('1')
    await ui.webhooks.add(receiver.url, ['session.status'])
    receiver.answer = 500
    const restart = async () => {
      await ui.go('Instances')
      await ui.instances.card('Flaky desk').getByRole('button', { name: 'Restart' }).click()
      await ui.instances.expectStatus('Flaky desk', 'SCAN_QR_CODE')
      await ui.go('Webhooks')
    }
    await restart()
    const failed = ui.webhooks.deliveryRows().filter({ hasText: 'Failed' }).first()
    await expect(failed.getByTestId('delivery-status')).toHaveText('500')
    await expect(failed.getByTestId('delivery-error')).toContainText('down for maintenance')

    receiver.answer = 200
    const eventId = await failed.getAttribute('data-event-id')
    // That event's row, not "the first failed one" again: a restart has two status changes, and the second one's
    // failed delivery may be listed above it by the time of the click (CI run 14 replayed the other event).
    await page.locator(`tr[data-event-id="${eventId}"]`).filter({ hasText: 'Failed' }).first().getByRole('button', { name: 'Replay' }).click()
    await expect(page.getByRole('status').filter({ hasText: `Event ${eventId} is queued again` })).toBeVisible()
    await expect(page.locator(`tr[data-event-id="${eventId}"]`).first()).toHaveAttribute('data-state', 'delivered')
    await expect.poll(() => receiver.received.filter((r) => r.body.id === eventId).length).toBeGreaterThanOrEqual(2)

    // Gone: the core pauses the webhook, and the list says so without a reload.
    receiver.answer = 410
    await restart()
    await expect(ui.webhooks.item(receiver.url)).toContainText('Paused')
    await expect(ui.webhooks.item(receiver.url)).toContainText('Switchboard paused it: the receiver answered HTTP 410')

    // The smallest window: the log's words and buttons stay whole (the table scrolls sideways instead).
    await page.setViewportSize({ width: 760, height: 520 })
    const replay = ui.webhooks.deliveryRows().first().getByRole('button', { name: 'Replay' })
    await replay.scrollIntoViewIfNeeded()
    expect((await replay.boundingBox())!.height).toBeLessThan(40)
    expect(await page.locator('.content').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  } finally {
    await receiver.close()
  }
})

test('send a test event: the receiver gets a signed webhook.test, and the payload viewer shows that body', async ({ ui, page }) => {
  const receiver = await startReceiver()
  const secret = 'e2e-test-secret'
  try {
    const id = await ui.instances.create('Test desk')
    await ui.instances.expectStatus('Test desk', 'SCAN_QR_CODE')
    await ui.go('Webhooks')
    // Each event is explained where it is picked.
    const form = page.getByRole('form', { name: 'Add a webhook' })
    await expect(form.getByRole('checkbox', { name: 'message.ack', exact: true })).toHaveAccessibleDescription(/own message/)
    // Subscribed to message only: the test reaches it anyway.
    await ui.webhooks.add(receiver.url, ['message'], secret)
    await ui.webhooks.sendTest(receiver.url)

    await expect.poll(() => receiver.received.filter((r) => r.body.event === 'webhook.test').length).toBe(1)
    const got = receiver.received.find((r) => r.body.event === 'webhook.test')!
    expect(got.body).toMatchObject({ instance_id: id, payload: { test: true, url: receiver.url } })
    // Signed as every delivery: HMAC-SHA256 of the exact body with the secret (x-wawp-signature).
    expect(got.headers['x-wawp-signature']).toBe(createHmac('sha256', secret).update(got.raw).digest('hex'))

    const row = ui.webhooks.deliveryRows().filter({ hasText: 'webhook.test' }).first()
    await expect(row).toHaveAttribute('data-state', 'delivered')
    await expect(row).toContainText('A test delivery sent on request')
    const viewer = await ui.webhooks.openPayload(row)
    await expect(viewer.getByLabel('Body (pretty-printed)')).toHaveText(JSON.stringify(JSON.parse(got.raw), null, 2))
    await expect(viewer.getByText(String(got.headers['webhook-signature']), { exact: true })).toBeVisible()
    await expect(viewer.getByText(String(got.headers['x-wawp-signature']), { exact: true })).toBeVisible()
    await saveScreenshot(page, 'webhooks-payload')
  } finally {
    await receiver.close()
  }
})
