// Pairing in the real UI against the sandbox: by QR (create -> QR -> the simulated phone scans -> WORKING) and
// by pairing code (request in Pairing -> the phone types it in Sandbox -> WORKING).
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

test('QR pairing: create an instance, see its QR, scan it from the Sandbox view, WORKING', async ({ ui, page }) => {
  await expect(ui.sandboxBadge).toHaveText('SANDBOX')
  const id = await ui.instances.create('Front desk')
  await ui.instances.expectStatus('Front desk', 'SCAN_QR_CODE')

  await ui.instances.card('Front desk').getByRole('button', { name: 'Pair a phone' }).click()
  await expect(ui.pairing.qr).toBeVisible()
  await expect(ui.pairing.qr).toHaveAttribute('src', /^data:image\/png;base64,/)
  // The first QR of a connection lives 60 s (later ones 20 s): the countdown starts well above 20 s.
  await expect(page.getByText(/Refreshes in ((2[1-9]|[3-5]\d) s|1 min)/)).toBeVisible()
  await saveScreenshot(page, 'pairing')

  await ui.go('Sandbox')
  await ui.sandbox.createPhone('15550000001', 'Alice')
  await ui.sandbox.expectActionsOnOneLine('Alice')
  await ui.sandbox.scanQrOf('Alice', id)
  await expect(ui.sandbox.phone('Alice').getByText(/Linked devices: #\d/)).toBeVisible()
  await saveScreenshot(page, 'sandbox')

  await ui.go('Instances')
  await ui.instances.expectStatus('Front desk', 'WORKING')
  await expect(ui.instances.card('Front desk').getByText('+1 555 000 0001')).toBeVisible()
  await saveScreenshot(page, 'instances')
})

test('pairing by code: the code is shown as XXXX-XXXX and the simulated phone types it', async ({ ui, page }) => {
  await ui.go('Sandbox')
  await ui.sandbox.createPhone('15550000002', 'Bob')
  await ui.go('Instances')
  const id = await ui.instances.create('Code desk')
  await ui.instances.expectStatus('Code desk', 'SCAN_QR_CODE')

  await ui.go('Pairing')
  await ui.pairing.selectInstance(id)
  await page.getByLabel('Phone number with country code').fill('+1 555')
  await page.getByRole('button', { name: 'Get pairing code' }).click()
  await expect(page.getByText('This is not a possible phone number: check the country code and the digits')).toBeVisible()
  const code = await ui.pairing.requestCode('15550000002')
  await saveScreenshot(page, 'pairing-code')

  await ui.go('Sandbox')
  await ui.sandbox.enterCode('Bob', code)
  await ui.go('Pairing')
  await expect(page.getByTestId('pairing-guidance')).toHaveText(/Paired with 15550000002/)
})
