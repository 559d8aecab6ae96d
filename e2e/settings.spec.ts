// Settings without a command line: an allowed host and the free plan's quota changed in the UI apply at once (the
// API accepts that Host, a third instance is refused), are stored in the data dir (the view after a restart shows
// them), a setting pinned by an environment variable is named and locked, and the page fits at 760x520.
import { request as httpRequest } from 'node:http'
import { expect, test } from './fixtures.js'
import { SettingsPage } from './pages/settings-page.js'
import { saveScreenshot } from './screenshots.js'

/** GET /health with a chosen Host header (fetch cannot set Host). */
function healthVia(apiUrl: string, host: string): Promise<number> {
  const { hostname, port } = new URL(apiUrl)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: '/health', headers: { host: `${host}:${port}` } }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.once('error', reject)
    req.end()
  })
}

test('allowed host and quota changed in Settings apply live and survive a restart; a pinned setting is locked', async ({ ui, page, app }) => {
  await expect(ui.sandboxBadge).toBeVisible()
  const settings = new SettingsPage(page)
  await settings.open()
  // The fixture starts the app with SWITCHBOARD_LOG_LEVEL=warn: the flag wins, and the UI says so.
  await expect(settings.general.getByLabel('Log level')).toBeDisabled()
  await expect(settings.general.getByText('SWITCHBOARD_LOG_LEVEL')).toBeVisible()
  await expect(settings.general.getByTestId('data-dir')).toHaveText(app.dataDir)
  await expect(settings.general.getByText(/Start at login is a setting of the desktop app/)).toBeVisible()

  expect(await healthVia(app.apiUrl, 'host.docker.internal')).toBe(403)
  await settings.addAllowedHost('host.docker.internal')
  expect(await healthVia(app.apiUrl, 'host.docker.internal')).toBe(200)

  const quota = settings.plan.getByLabel('Instances per account on Free')
  await quota.fill('1')
  await settings.plan.getByRole('form', { name: 'Free plan quota' }).getByRole('button', { name: 'Save' }).click()
  await expect(settings.plan.getByRole('status')).toHaveText('Saved: Free plan quota: 1')
  const create = () => fetch(`${app.apiUrl}/v2/session/create`, { method: 'POST', headers: { 'access-token': app.token } })
  expect((await create()).status).toBe(201)
  expect((await create()).status).toBe(403)

  await saveScreenshot(page, 'settings')

  // Binding off loopback is explained before it is saved; it would apply at the next start.
  await settings.access.getByLabel('Bind address', { exact: true }).fill('0.0.0.0')
  await expect(settings.access.getByRole('alert')).toContainText('non-loopback')
  await settings.access.getByLabel('Bind address', { exact: true }).fill('127.0.0.1')

  // Fits at 760x520 (no sideways scrolling of the page).
  await page.setViewportSize({ width: 760, height: 520 })
  expect(await page.locator('html').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  expect(await page.locator('.content').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)

  // Stored in the data dir: a restarted Switchboard shows and applies them.
  await app.crash()
  const link = await app.restart()
  await page.goto('about:blank') // a fresh page load, not a same-document fragment change
  await page.goto(link)
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
  await settings.open()
  await expect(settings.access.getByRole('list', { name: 'Allowed hosts' })).toContainText('host.docker.internal')
  await expect(settings.plan.getByLabel('Instances per account on Free')).toHaveValue('1')
  expect(await healthVia(app.apiUrl, 'host.docker.internal')).toBe(200)
})
