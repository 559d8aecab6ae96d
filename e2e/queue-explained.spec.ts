// The queue explained and restart without silent loss (issue 12 items 3-5), on the free plan's Strict policy: three
// messages sent fast say why and when they go ("sends in … s — Strict spaces messages 7.5 s apart"), Restart asks
// first with the core's count, the dropped messages show "Not sent" with Resend, and the resent one reaches the
// simulated phone. Every action is confirmed in the status toast.
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

test.use({ plan: 'free' })

test('queued messages explained, restart confirmed with the count, Not sent, Resend delivers', async ({ ui, page }) => {
  // Strict holds sends 60 s after every connection: the resend waits that long after the restart.
  test.setTimeout(300_000)
  const toast = page.locator('.toasts [role="status"]')

  await ui.go('Sandbox')
  await ui.sandbox.createPhone('15550000021', 'Desk')
  await ui.sandbox.createPhone('15550000022', 'Carol')
  await ui.go('Instances')
  const id = await ui.instances.create('Queue desk')
  await expect(toast).toContainText('Queue desk created')
  await ui.instances.expectStatus('Queue desk', 'SCAN_QR_CODE')
  await ui.go('Sandbox')
  await ui.sandbox.scanQrOf('Desk', id)
  await ui.sandbox.sendAs('Carol', '15550000021', 'Is my order ready?')

  await ui.go('Chats')
  const chat = ui.chats.chat(/15550000022|Carol/)
  await expect(chat).toContainText('Is my order ready?')
  await chat.click()
  const bubbles = ui.chats.thread.locator('.bubble.out')
  for (const text of ['Ready at 5', 'Bring the receipt', 'See you']) {
    await ui.chats.send(text)
    // The composer takes the next one once this one is accepted (answered 202: queued).
    await expect(bubbles.filter({ hasText: text })).toBeVisible()
  }
  await expect(bubbles).toHaveCount(3)
  // Each waiting bubble says why and when; the later ones wait for Strict's spacing.
  await expect(bubbles.filter({ hasText: 'See you' })).toContainText(/sends in \d+ s — Strict spaces messages 7\.5 s apart/)
  await expect(bubbles.filter({ hasText: 'Ready at 5' })).toContainText(/protection after connecting: sends start at|sends in \d+ s|sending now/)
  await expect(bubbles.filter({ hasText: 'See you' }).getByRole('img', { name: 'Waiting to be sent' })).toBeVisible()
  await saveScreenshot(page, 'queue-explained')
  // The explanations wrap inside their bubbles in the smallest window: no sideways scrolling.
  await page.setViewportSize({ width: 760, height: 520 })
  await expect(bubbles.filter({ hasText: 'See you' }).locator('.wait-reason')).toBeVisible()
  expect(await page.locator('html').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)

  // The Policies view says what its counters count and when the waiting ones go.
  await ui.go('Policies')
  await expect(page.getByTestId('waiting-hint')).toContainText('Accepted, not sent yet')
  await expect(page.getByTestId('daily-reset')).toContainText(/resets at .*UTC/)

  await ui.go('Instances')
  await ui.instances.card('Queue desk').getByRole('button', { name: 'Restart' }).click()
  const dialog = page.getByRole('alertdialog', { name: `Restart Queue desk (${id})?` })
  await expect(dialog).toContainText(/\d+ waiting messages? will not be sent\./)
  const dropped = Number(/(\d+) waiting/.exec((await dialog.textContent()) ?? '')![1])
  expect(dropped).toBeGreaterThanOrEqual(2)
  await dialog.getByRole('button', { name: 'Restart' }).click()
  await expect(toast).toContainText(`Queue desk (${id}) restarted. ${dropped} waiting message`)
  // The confirmation is on screen in the smallest window too.
  await expect(toast.locator('.toast')).toBeInViewport({ ratio: 1 })
  await page.setViewportSize({ width: 1280, height: 820 })
  await ui.instances.expectStatus('Queue desk', 'WORKING')

  await ui.go('Chats')
  const notSent = bubbles.filter({ has: page.getByRole('img', { name: 'Not sent' }) })
  await expect(notSent).toHaveCount(dropped)
  await expect(bubbles.filter({ hasText: 'See you' }).getByRole('img', { name: 'Not sent' })).toHaveText('! Not sent')
  await bubbles.filter({ hasText: 'See you' }).getByRole('button', { name: 'Resend this message' }).click()
  await expect(toast).toContainText('Resent as a new message')
  await expect(bubbles.filter({ hasText: 'See you' })).toHaveCount(2)
  await expect(bubbles.filter({ hasText: 'See you' }).first()).toContainText('Resent')

  // After the restart's protection the resent message goes, once, and Carol has it.
  await expect(bubbles.filter({ hasText: 'See you' }).last().getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible({ timeout: 150_000 })
  await ui.go('Sandbox')
  const inbox = await ui.sandbox.openInbox('Carol', '15550000022')
  await expect(inbox.getByText('See you')).toHaveCount(1)
})
