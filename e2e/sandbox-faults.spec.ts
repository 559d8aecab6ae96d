// The Sandbox view's network faults and per-phone settings in the smallest window (760x520): a phone pairs an
// instance, its settings open on its card, the faults panel bans the account and the Instances view shows the
// instance FAILED with the reason in words; lifting the ban from the phone's settings says so. Nothing scrolls sideways.
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

test.use({ plan: 'paid' })

test('faults and phone settings at 760x520: a ban makes the instance FAILED in words', async ({ ui, page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 760, height: 520 })
  await ui.go('Sandbox')
  await ui.sandbox.createPhone('15550003001', 'Shop')
  await ui.go('Instances')
  const id = await ui.instances.create('Desk')
  await ui.instances.expectStatus('Desk', 'SCAN_QR_CODE')
  await ui.go('Sandbox')
  await ui.sandbox.scanQrOf('Shop', id)
  await ui.go('Instances')
  await ui.instances.expectStatus('Desk', 'WORKING')

  await ui.go('Sandbox')
  const card = ui.sandbox.phone('Shop')
  await card.getByRole('button', { name: 'Settings' }).click()
  const settings = card.getByRole('group', { name: 'Settings of Shop' })
  // Each setting's label, field and button on one line, inside the card.
  for (const [label, button] of [['New-chat cap', 'Apply cap'], ['Chats', 'Seed history']] as const) {
    const a = (await settings.getByLabel(label, { exact: true }).boundingBox())!
    const b = (await settings.getByRole('button', { name: button }).boundingBox())!
    expect(Math.abs(a.y + a.height / 2 - (b.y + b.height / 2))).toBeLessThan(6)
    const c = (await card.boundingBox())!
    expect(b.x + b.width).toBeLessThanOrEqual(c.x + c.width + 0.5)
  }

  const panel = page.getByRole('form', { name: 'Network faults' })
  await panel.getByLabel('Fault').selectOption('ban')
  await panel.getByLabel('Account').selectOption('15550003001')
  await panel.getByLabel('Refusal').selectOption('403')
  await panel.getByRole('button', { name: 'Apply fault' }).scrollIntoViewIfNeeded()
  await saveScreenshot(page, 'sandbox-faults-760')
  await panel.getByRole('button', { name: 'Apply fault' }).click()
  await expect(panel.getByRole('status')).toHaveText(/Account banned: its linked devices are refused at login/)
  expect(await page.locator('.content').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)

  await ui.go('Instances')
  await ui.instances.expectStatus('Desk', 'FAILED')
  await expect(ui.instances.card('Desk')).toContainText('The connection failed: the network refused the account (403: locked or banned)')

  await ui.go('Sandbox')
  await card.getByRole('button', { name: 'Settings' }).click()
  await expect(card.getByText('Settings: banned (403)')).toBeVisible()
  await card.getByLabel('Network ban').selectOption('')
  await expect(card.getByRole('status')).toHaveText(/Ban lifted: its linked devices may log in again/)
})
