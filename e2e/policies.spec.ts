// Policies: the free plan shows the paid policy locked; switching to standard persists (seen after a reload).
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

test('change the rate-limit policy of an instance; paid policies are locked on the free plan', async ({ ui, page, app }) => {
  await ui.instances.create('Policy desk')
  await ui.go('Policies')
  await expect(ui.policies.column('Strict')).toContainText('Current')
  await expect(ui.policies.column('Unlimited')).toContainText('Paid plan')
  await expect(ui.policies.useButton('Unlimited')).toBeDisabled()
  await expect(page.getByTestId('sent-today')).toHaveText('0')

  await ui.policies.useButton('Standard').click()
  await expect(ui.policies.column('Standard')).toContainText('Current')
  await expect(ui.policies.column('Strict')).not.toContainText('Current')
  await saveScreenshot(page, 'policies')

  // A reload of this tab keeps the UI token (sessionStorage) and shows the persisted choice.
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
  await ui.go('Policies')
  await expect(ui.policies.column('Standard')).toContainText('Current')
  expect(page.url()).not.toContain(app.token)
})
