// The Sandbox view as a tester uses it in the smallest window (760x520): numbers typed as people write them, phones
// in number order, long names that end in an ellipsis, the pairing code an instance asked for waiting on the phone
// (typed with one click), the linked device named by its instance, the recipient picked from the phones. Nothing
// scrolls sideways.
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

test.use({ plan: 'paid' })

test('sandbox at 760x520: typed numbers, sorted phones, pending code, linked device by instance, no overflow', async ({ ui, page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 760, height: 520 })
  await ui.go('Sandbox')
  const long = 'Bartholomew Maximilian Featherstonehaugh-Cholmondeley of the Very Long Shop Name'
  await ui.sandbox.createPhone('+1 555 000 0009', 'Zed')
  await ui.sandbox.createPhone('(1555) 000-0001', long)
  await ui.sandbox.createPhone('+1 555-000-0005', 'Mia')
  expect(await ui.sandbox.order()).toEqual(['15550000001', '15550000005', '15550000009'])
  const card = ui.sandbox.phone(long)
  await expect(card.getByRole('heading', { level: 2 })).toHaveAttribute('title', `${long} 15550000001`)
  // The long name is cut with an ellipsis inside the card, not wrapped over lines or pushed out of it.
  const name = card.locator('.phone-name')
  expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await expect(name).toHaveCSS('text-overflow', 'ellipsis')
  await ui.sandbox.expectNoHorizontalOverflow()

  // The pairing code an instance asked for shows on the phone it is for; one click types it.
  await ui.go('Instances')
  const id = await ui.instances.create('Front desk')
  await ui.instances.expectStatus('Front desk', 'SCAN_QR_CODE')
  await ui.go('Pairing')
  await ui.pairing.selectInstance(id)
  const code = await ui.pairing.requestCode('15550000005')
  await ui.go('Sandbox')
  const mia = ui.sandbox.phone('Mia')
  await expect(mia.getByTestId('pending-code')).toContainText(`Pairing code waiting: ${code} for Front desk (${id})`, { timeout: 15_000 })
  await expect(ui.sandbox.phone('Zed').getByTestId('pending-code')).toHaveCount(0)
  await mia.getByTestId('pending-code').scrollIntoViewIfNeeded()
  await saveScreenshot(page, 'sandbox-pending-code-760')
  await mia.getByRole('button', { name: 'Type this code on the phone' }).click()
  await expect(mia.getByRole('status').filter({ hasText: 'Code accepted' })).toBeVisible()
  await ui.go('Instances')
  await ui.instances.expectStatus('Front desk', 'WORKING')
  await ui.go('Sandbox')
  await expect(mia.getByText(new RegExp(`Linked devices: #\\d+ Front desk \\(${id}\\) Online`))).toBeVisible({ timeout: 15_000 })
  await expect(mia.getByTestId('pending-code')).toHaveCount(0)
  // Same presence badge for the person and the device.
  await expect(mia.locator('.card-head .presence')).toHaveText(/^(Online|Offline)$/)

  // The recipient is picked from the other phones (long names fit the select), or typed.
  const to = card.getByLabel(`Send as ${long} to`)
  await to.selectOption('15550000009')
  await ui.sandbox.sendAs(long, '15550000009', 'hello Zed')
  await ui.sandbox.sendAs('Zed', '+1 555 000 0005', 'hello Mia')
  await ui.sandbox.expectNoHorizontalOverflow()
  await saveScreenshot(page, 'sandbox-760')
})
