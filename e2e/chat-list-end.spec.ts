// The chat list's last rows are there after one jump to its end (a scrollbar dragged to the bottom), also when
// something above the list (a note over the chats, a header that wrapped) changed height after the list was laid
// out. The virtualizer places its rows from where the list starts inside the scroller; that place was read against
// the page (offsetTop from the body), so anything above the chat list moved the rows it rendered away from the rows
// on screen, and at the end of the list the last chats were not rendered at all.
import { expect, test } from './fixtures.js'

test.use({ plan: 'paid' })

const CUSTOMERS = 30

test('one jump to the end of the chat list shows its last chat after the layout above it changed', async ({ ui, page, app }) => {
  test.setTimeout(180_000)
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${app.apiUrl}${path}`, { method: 'POST', headers: { 'access-token': app.token, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300)
  }
  const phone = (n: number) => `155500004${String(n).padStart(2, '0')}`
  await api('/sandbox/phones', { phone_number: '15550000300', name: 'Shop' })
  for (let n = 0; n < CUSTOMERS; n++) await api('/sandbox/phones', { phone_number: phone(n), name: `Buyer ${n}` })
  const id = await ui.instances.create('End of list')
  await ui.instances.expectStatus('End of list', 'SCAN_QR_CODE')
  await api('/sandbox/phones/15550000300/scan', { instance_id: id })
  await ui.instances.expectStatus('End of list', 'WORKING')
  for (let n = 0; n < CUSTOMERS; n++) await api(`/sandbox/phones/${phone(n)}/messages`, { to: '15550000300', text: `Question ${n}` })

  // A note 400 px tall over the chats while the list is laid out (as "Reconnecting…" or an error would be)...
  // (A rule in the app's own style sheet: its content security policy allows no inline style.)
  const rule = (add: boolean) =>
    page.locator('body').evaluate((body, add) => {
      const sheet = body.ownerDocument.styleSheets[0]!
      if (add) sheet.insertRule('.view-chats > .view-header { margin-bottom: 400px; }', sheet.cssRules.length)
      else sheet.deleteRule(sheet.cssRules.length - 1)
    }, add)
  await rule(true)
  await ui.go('Chats')
  const nav = page.getByRole('navigation', { name: 'Chats' })
  const setSize = () => nav.locator('li').first().getAttribute('aria-setsize')
  await expect.poll(setSize, { timeout: 60_000 }).toBe(String(CUSTOMERS))
  // ...that goes away: the list moves up the page, and nothing inside the scroller changed.
  await rule(false)
  await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(400)

  const oldest = nav.getByRole('button', { name: /Buyer 0\b/ })
  const state = () =>
    nav.evaluate((el) => {
      const rows = [...el.querySelectorAll('li')]
      return `scrollTop ${el.scrollTop} of ${el.scrollHeight - el.clientHeight}, rows ${rows[0]?.dataset.index}..${rows.at(-1)?.dataset.index} of ${rows[0]?.getAttribute('aria-setsize')}`
    })
  // One step, as a user dragging the scrollbar to the bottom; again if the list was still growing.
  await expect(async () => {
    await nav.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await expect(oldest, await state()).toBeInViewport({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  // And back at the top, the newest chat.
  await nav.evaluate((el) => el.scrollTo(0, 0))
  await expect(nav.getByRole('button', { name: new RegExp(`Buyer ${CUSTOMERS - 1}\\b`) })).toBeInViewport()
})
