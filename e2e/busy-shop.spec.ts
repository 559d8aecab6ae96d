// A busy shop in the smallest and a large window: an instance with a 64-character name, a customer with a very long
// name who sends a long link over two lines, and 55 more customers writing in. Everything stays inside its box (the
// chat list's time and unread count, the thread, the instance card's badge, the Sandbox labels), line breaks are
// kept, the list pages past 50 chats and scrolls, and the keyboard reaches the composer without tabbing past every chat.
import { expect, test, type Page } from './fixtures.js'
import type { Locator } from '@playwright/test'

test.use({ plan: 'paid' })

const LONG_INSTANCE = 'Wolfeschlegelsteinhausenbergerdorff-Customer-Support-Departments'
const CAROL = 'Carol Wolfeschlegelsteinhausenbergerdorff of the Long Names Company Ltd'
const LINK = `https://shop.example.com/products/${'verylongpath'.repeat(25)}`

async function inside(inner: Locator, outer: Locator): Promise<void> {
  const a = (await inner.boundingBox())!
  const b = (await outer.boundingBox())!
  expect(a.x).toBeGreaterThanOrEqual(b.x - 0.5)
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5)
}

const noSideways = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.scrollWidth <= el.clientWidth)

test('long names, a long message and 56 chats in the smallest and a large window', async ({ ui, page, app }) => {
  // 57 simulated phones and 56 messages through real Baileys before the UI is looked at.
  test.setTimeout(240_000)
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${app.apiUrl}${path}`, { method: 'POST', headers: { 'access-token': app.token, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300)
    return res
  }
  await api('/sandbox/phones', { phone_number: '15550000100', name: 'Shop' })
  await api('/sandbox/phones', { phone_number: '15550000101', name: CAROL })
  for (let n = 0; n < 55; n++) await api('/sandbox/phones', { phone_number: `155500002${String(n).padStart(2, '0')}`, name: `Customer ${n}` })
  const id = await ui.instances.create(LONG_INSTANCE)
  await ui.instances.expectStatus(LONG_INSTANCE, 'SCAN_QR_CODE')
  await api('/sandbox/phones/15550000100/scan', { instance_id: id })
  await ui.instances.expectStatus(LONG_INSTANCE, 'WORKING')
  for (let n = 0; n < 55; n++) await api(`/sandbox/phones/155500002${String(n).padStart(2, '0')}/messages`, { to: '15550000100', text: `Order question ${n}: do you have it in blue?` })
  await api('/sandbox/phones/15550000101/messages', { to: '15550000100', text: `Look at this:\n${LINK}` })

  for (const size of [{ width: 760, height: 520 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(size)
    await ui.go('Instances')
    const card = ui.instances.card(LONG_INSTANCE)
    await inside(ui.instances.badge(LONG_INSTANCE), card)
    await inside(card.getByRole('heading'), card)

    await ui.go('Chats')
    const list = page.getByRole('navigation', { name: 'Chats' })
    const carol = ui.chats.chat(/Carol Wolfeschlegel/)
    await expect(carol).toContainText('Look at this:')
    await inside(carol.locator('.chat-time'), list)
    // Unread until it is opened the first time round.
    if (size.width === 760) await inside(carol.getByRole('img', { name: '1 unread' }), list)
    await carol.click()
    const bubble = ui.chats.thread.locator('.bubble').filter({ hasText: 'verylongpath' })
    await expect(bubble).toBeVisible()
    // The link wraps inside the bubble, and the typed line break stays a line break.
    expect(await noSideways(page, '.thread')).toBe(true)
    await inside(bubble, ui.chats.thread)
    expect(await bubble.locator('.text').innerText()).toMatch(/^Look at this:\nhttps:/)
    await expect(page.getByLabel('Message', { exact: true })).toBeInViewport({ ratio: 1 })

    await ui.go('Sandbox')
    const carolCard = ui.sandbox.phone(CAROL)
    const label = (await carolCard.getByText(`Send as ${CAROL} to`).boundingBox())!
    const field = (await carolCard.getByLabel(`Send as ${CAROL} to`).boundingBox())!
    expect(label.x + label.width).toBeLessThanOrEqual(field.x)
  }

  // 56 chats in a virtualized list: only the rows on screen are in the page; scrolled to its end the list pages the
  // rest in ("Show more chats" where it is offered) and shows the oldest chat.
  await ui.go('Chats')
  const nav = page.getByRole('navigation', { name: 'Chats' })
  const items = nav.locator('button[data-chat-id]')
  await expect(items.first()).toBeVisible()
  expect(await items.count()).toBeLessThan(50)
  // Rows off screen are counted at a rendered row's height (here all are plain rows), so the list's height is
  // right before they are measured; with a wrong estimate, measuring them moved the scroll position under the user
  // and could hold the view short of the last chats.
  await expect
    .poll(() =>
      nav.evaluate((el) => {
        const ul = el.querySelector('ul.chat-rows')!
        const row = ul.querySelector('li')!
        return Math.abs(ul.getBoundingClientRect().height - Number(row.getAttribute('aria-setsize')) * row.getBoundingClientRect().height)
      })
    )
    .toBeLessThan(2)
  const oldest = nav.getByRole('button', { name: /Customer 0\b/ })
  await expect(async () => {
    // In one step, as a user dragging the scrollbar to the bottom (again once the next page has made it longer).
    await nav.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    const more = nav.getByRole('button', { name: 'Show more chats' })
    if (await more.isVisible()) await more.click()
    await expect(oldest).toBeInViewport({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })

  // Keyboard only: one Tab from the search box into the list (onto the open chat), End to the last chat, Enter
  // opens it, and the cursor is in the composer.
  // Back at the top, where the open chat's row is rendered (the list is virtualized).
  await nav.evaluate((el) => el.scrollTo(0, 0))
  await page.getByLabel('Search chats').focus()
  await page.keyboard.press('Tab')
  await expect(ui.chats.chat(/Carol Wolfeschlegel/)).toBeFocused()
  await page.keyboard.press('End')
  await expect(items.last()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Message', { exact: true })).toBeFocused()
})
