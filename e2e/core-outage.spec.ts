// The core dies while the UI is open: the page says so in a banner at once, a click is refused in words (never
// queued to run when the core is back), and once Switchboard runs again the tab connects by itself with this
// browser's device credential (issue 20 item 3: no new link), showing the same instances.
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

  await app.restart()
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
  await expect(page.getByTestId('not-connected')).toHaveCount(0)
  await expect(banner).toHaveCount(0)
  // Resumed by the new run, and not stopped by the click made while it was down.
  await ui.instances.expectStatus('Outage desk', 'SCAN_QR_CODE')
})
