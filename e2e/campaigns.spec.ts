// Campaigns end to end (issue 19 item 10) against the real headless app in sandbox mode: a CSV file with two
// customers who are on WhatsApp (simulated phones), one number that is not and one broken row; its columns mapped,
// the message previewed with real rows, the audience checked, started with consent; it completes, the funnel and
// the export say so, the customers' phones got the message, the number not on WhatsApp was never messaged, the
// view fits the 760x520 window, and a reload shows the same campaign. The template carries an uploaded photo; the
// opt-out list takes pasted numbers and keeps its keyword settings.
import { readFileSync } from 'node:fs'
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

// Paid plan: the unlimited policy sends at once (strict and standard hold sends 30-60 s after connecting).
test.use({ plan: 'paid' })

const SHOP = '34612000001'
/** A valid 1x1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const CSV = ['name,phone,order', 'Bob,+34 612 000 002,A-17', 'Cara,34612000003,B-2', 'Nobody,+34 612 000 099,C-9', 'Broken,12ab,X'].join('\n') + '\n'

test('a campaign from a CSV file: map, preview, audience, consent, completion, funnel, export, reload', async ({ ui, page }) => {
  await ui.go('Sandbox')
  await ui.sandbox.createPhone(SHOP, 'Shop')
  await ui.sandbox.createPhone('34612000002', 'Bob')
  await ui.sandbox.createPhone('34612000003', 'Cara')
  await ui.go('Instances')
  const id = await ui.instances.create('Front desk')
  await ui.go('Sandbox')
  await ui.sandbox.scanQrOf('Shop', id)
  await ui.go('Instances')
  await ui.instances.expectStatus('Front desk', 'WORKING')
  await ui.go('Policies')
  await ui.policies.useButton('Unlimited').click()
  await expect(ui.policies.column('Unlimited')).toContainText('Current')

  // 1-2: the file and its columns; the broken row is reported with its line.
  await ui.campaigns.open()
  await ui.campaigns.uploadCsv('sunday.csv', CSV, 'phone')
  const listResult = page.getByTestId('list-result')
  await expect(listResult).toContainText('3 contacts')
  await expect(listResult.getByRole('list', { name: 'Rejected rows' })).toContainText('Line 5')
  await page.getByRole('button', { name: 'Next: the message' }).click()

  // 3: the message, previewed for the list's real rows.
  await page.getByLabel('Message', { exact: true }).fill('Hi {{name|there}}, we are open on Sunday. Your order {{order}} is ready.')
  // A photo uploaded from disk (not a URL): the message goes out as its caption.
  await page.getByLabel('Upload an image or file').setInputFiles({ name: 'sunday.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') })
  await expect(page.getByTestId('media-file')).toContainText('Image: sunday.png')
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview).toContainText('Hi Bob, we are open on Sunday. Your order A-17 is ready.')
  await expect(preview).toContainText('Reply STOP to opt out')
  await page.getByRole('button', { name: 'Next: the audience' }).click()

  // 4: the audience check through the instance: the number without a phone is not on WhatsApp.
  await expect(page.getByRole('checkbox', { name: /Front desk/ })).toBeChecked()
  await page.getByRole('button', { name: 'Check the audience' }).click()
  await expect(page.getByTestId('audience-on')).toHaveText('2')
  await expect(page.getByTestId('audience-off')).toHaveText('1')
  await page.getByRole('button', { name: 'Next: schedule and pace' }).click()

  // 5: any time, the shortest pace; the estimate comes from the core.
  await page.getByRole('checkbox', { name: /Only send on these days and hours/ }).uncheck()
  await page.getByLabel('Shortest delay between sends (s)').fill('0')
  await page.getByLabel('Longest delay (s)').fill('1')
  await expect(page.getByTestId('estimate')).toHaveText(/.+ for 2 recipients/)
  // The longest step fits the smallest window (760x520) without sideways scrolling.
  await page.setViewportSize({ width: 760, height: 520 })
  await ui.sandbox.expectNoHorizontalOverflow()
  await saveScreenshot(page, 'campaigns-schedule-760')
  await page.setViewportSize({ width: 1280, height: 820 })
  await page.getByRole('button', { name: 'Next: review' }).click()

  // 6: nothing starts without consent.
  await page.getByLabel('Campaign name').fill('Sunday opening')
  const start = page.getByRole('button', { name: 'Start campaign' })
  await expect(start).toBeDisabled()
  await page.getByRole('checkbox', { name: 'These people agreed to hear from us on WhatsApp' }).check()
  await start.click()

  // It completes by itself; the funnel and the recipients say what happened.
  await expect(page.getByRole('heading', { name: 'Sunday opening' })).toBeVisible()
  await expect(ui.campaigns.detail).toHaveAttribute('data-status', 'completed', { timeout: 60_000 })
  await expect(ui.campaigns.funnel('recipients')).toHaveText('3')
  await expect(ui.campaigns.funnel('sent')).toContainText(/^2/)
  await expect(page.getByTestId('count-skipped')).toHaveText('1 skipped')
  await expect(page.getByRole('img', { name: /^Sends per hour: .* 2$/ })).toBeVisible()
  await page.getByRole('combobox', { name: 'Show' }).selectOption('skipped')
  const table = page.getByRole('table', { name: 'Recipients' })
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table.locator('[data-phone="34612000099"]')).toBeVisible()
  await expect(table).toContainText('Not on WhatsApp: never messaged')
  await page.getByRole('combobox', { name: 'Show' }).selectOption('')
  await expect(table.locator('tbody tr')).toHaveCount(3)
  // The confirmations go by themselves (the README's picture shows the page, not the toasts).
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 15_000 })
  await saveScreenshot(page, 'campaigns')

  const download = await ui.campaigns.exportCsv()
  expect(download.suggestedFilename()).toBe('sunday-opening-recipients.csv')
  const csv = readFileSync((await download.path())!, 'utf8')
  expect(csv).toContain('34612000002')
  expect(csv).toContain('34612000099')

  // The smallest window: nothing wider than the window.
  await page.setViewportSize({ width: 760, height: 520 })
  await ui.sandbox.expectNoHorizontalOverflow()
  await page.setViewportSize({ width: 1280, height: 820 })

  // A reload comes back to the same campaign, in the same state (from the core, through the store).
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Sunday opening' })).toBeVisible()
  await expect(ui.campaigns.detail).toHaveAttribute('data-status', 'completed')
  await expect(ui.campaigns.funnel('sent')).toContainText(/^2/)
  await page.getByRole('button', { name: 'All campaigns', exact: true }).click()
  await expect(ui.campaigns.item('Sunday opening').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3')

  // The customers' phones got their own message; nobody got it twice.
  await ui.go('Sandbox')
  const inbox = await ui.sandbox.openInbox('Bob', '34612000002')
  await expect(inbox.getByText(/Hi Bob, we are open on Sunday/)).toHaveCount(1)
  await expect(inbox.getByRole('img').first()).toBeVisible()

  // The opt-out list: numbers pasted in (a line that is no number is counted, not added), the keyword settings
  // saved and still there after a reload; the page fits the smallest window with both disclosures open.
  await ui.campaigns.open()
  await page.getByRole('button', { name: 'Opt-out list' }).click()
  await page.getByText('Import numbers').click()
  await page.getByLabel(/Paste numbers, one a line/).fill('+34 612 000 003\nnot a number')
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByTestId('optout-import-result')).toHaveText('1 number added; 1 line was not a phone number.')
  await expect(page.getByRole('table', { name: 'Opted-out numbers' }).locator('[data-phone="34612000003"]')).toBeVisible()
  await page.getByText('Opt-out words and confirmation').click()
  const words = page.getByRole('form', { name: 'Opt-out words and confirmation' })
  await words.getByLabel(/Your own words/).fill('ciao ciao')
  await words.getByRole('checkbox', { name: 'Send a confirmation' }).uncheck()
  await words.getByRole('button', { name: 'Save' }).click()
  await expect(words.getByText('Saved')).toBeVisible()
  await page.setViewportSize({ width: 760, height: 520 })
  await ui.sandbox.expectNoHorizontalOverflow()
  await page.setViewportSize({ width: 1280, height: 820 })
  await page.reload()
  await page.getByText('Opt-out words and confirmation').click()
  await expect(words.getByLabel(/Your own words/)).toHaveValue('ciao ciao')
  await expect(words.getByRole('checkbox', { name: 'Send a confirmation' })).not.toBeChecked()
})
