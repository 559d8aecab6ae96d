// The headless UI link is one-time: the tab that used it keeps working (reload included), another browser
// context with the same link gets a page explaining why and how to get a new link; a new link from POST /ui/link
// pasted into that tab connects it without a reload.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from './fixtures.js'

/** `npm run ui-link -- --data-dir D` as a user runs it: no token in the environment. */
async function uiLinkCommand(dataDir: string): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SWITCHBOARD_')))
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src-main/cli.ts', 'ui-link', '--data-dir', dataDir], { env })
  return stdout.trim()
}

test('a UI link opens one tab only; a new link from POST /ui/link opens another', async ({ ui, page, app, browser }) => {
  await expect(ui.sandboxBadge).toBeVisible()
  const other = await browser.newContext()
  try {
    const second = await other.newPage()
    await second.goto(app.uiUrl)
    await expect(second.getByTestId('not-connected')).toHaveAttribute('data-reason', 'ui_link_used')
    await expect(second.getByRole('alert')).toContainText('This link was already used')
    await expect(second.getByText(`${app.apiUrl}/ui/link`)).toBeVisible()
    expect(second.url()).not.toContain('token=')

    // Pasting a new link into the refused tab: only the fragment changes, the page connects.
    await second.goto(await app.newUiLink())
    await expect(second.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    await expect(second.getByRole('heading', { name: 'Instances' })).toBeVisible()
    expect(second.url()).not.toContain('token=')

    // The first tab still works, also after a reload (its own session token, never the link's).
    await page.reload()
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    expect(page.url()).not.toContain('token=')
  } finally {
    await other.close()
  }
})

test('the not-connected page takes a pasted link from `npm run ui-link` and connects', async ({ ui, app, browser }) => {
  await expect(ui.sandboxBadge).toBeVisible()
  const other = await browser.newContext()
  try {
    const tab = await other.newPage()
    await tab.goto(`${app.apiUrl}/ui/`)
    await expect(tab.getByTestId('not-connected')).toHaveAttribute('data-reason', 'ui_token_missing')
    await expect(tab.getByText('npm run ui-link', { exact: true })).toBeVisible()
    const field = tab.getByLabel('Paste a new link')
    await field.fill(`${app.apiUrl}/docs`)
    await tab.getByRole('button', { name: 'Connect' }).click()
    await expect(tab.getByText(/not a Switchboard UI link/)).toBeVisible()

    const link = await uiLinkCommand(app.dataDir)
    expect(link).toMatch(/\/ui\/#token=/)
    await field.fill(link)
    await tab.getByRole('button', { name: 'Connect' }).click()
    await expect(tab.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    await expect(tab.getByRole('heading', { name: 'Instances' })).toBeVisible()
    expect(tab.url()).not.toContain('token=')
  } finally {
    await other.close()
  }
})
