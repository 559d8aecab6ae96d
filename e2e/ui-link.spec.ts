// The headless UI link is one-time: the tab that used it keeps working (reload included), another browser
// context with the same link gets a page explaining why and how to get a new link; a new link from POST /ui/link
// pasted into that tab connects it without a reload.
import { expect, test } from './fixtures.js'

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
