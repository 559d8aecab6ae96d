// Issue 20 item 3 in a real browser: a browser let in once stays let in across a core restart (the page reconnects
// by itself, and a reload after the restart needs no new link); Settings lists it as "this browser", and signing
// it out there closes the tab's connection at once with a page saying why.
import { expect, test } from './fixtures.js'

test('a browser stays let in across a core restart and a reload, until signed out in Settings', async ({ ui, page, app }) => {
  await expect(ui.sandboxBadge).toBeVisible()
  await app.crash()
  await app.restart()
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
  expect(page.url()).not.toContain('token=')
  await expect(page.getByTestId('not-connected')).toHaveCount(0)

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings', exact: true }).click()
  const browsers = page.getByRole('region', { name: 'Browsers' })
  await expect(browsers.getByText('· this browser')).toBeVisible()
  await browsers.getByRole('button', { name: 'Sign out this browser' }).click()
  const refused = page.getByTestId('not-connected')
  await expect(refused).toHaveAttribute('data-reason', 'ui_device_signed_out')
  await expect(refused.getByRole('alert')).toContainText('signed out')
  // Signed out for good: a reload does not let it in again.
  await page.reload()
  await expect(page.getByTestId('not-connected')).toBeVisible()
})
