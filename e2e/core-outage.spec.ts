// The core dies while the UI is open: the page says so in a banner at once, a click is refused in words (never
// queued to run when the core is back), and once Switchboard runs again the tab says its session ended with the old
// run; the new link opens the same instances.
import { expect, test } from './fixtures.js'

test('a crashed and restarted core, seen from an open tab', async ({ ui, page, app }) => {
  await ui.instances.create('Outage desk')
  await ui.instances.expectStatus('Outage desk', 'SCAN_QR_CODE')

  await app.crash()
  const banner = page.getByTestId('connection-lost')
  await expect(banner).toContainText('Switchboard is not reachable')
  await expect(page.getByRole('status').filter({ hasText: 'Disconnected' })).toBeVisible()
  await ui.instances.card('Outage desk').getByRole('button', { name: 'Stop' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Switchboard is not reachable right now, so nothing was done' })).toBeVisible()

  const link = await app.restart()
  const refused = page.getByTestId('not-connected')
  await expect(refused).toHaveAttribute('data-reason', 'ui_token_invalid')
  await expect(refused.getByRole('alert')).toContainText('Switchboard was restarted')

  await page.goto(link)
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
  await expect(banner).toHaveCount(0)
  // Resumed by the new run, and not stopped by the click made while it was down.
  await ui.instances.expectStatus('Outage desk', 'SCAN_QR_CODE')
})
