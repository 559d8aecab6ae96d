// Chats end to end: pair an instance with Alice's simulated phone, Bob writes to Alice from the Sandbox view, the
// chat appears live with its unread count, the reply typed in the composer reaches Bob's inbox, and turns Read when
// Bob reads it.
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

// Paid plan: the unlimited policy sends at once (strict and standard hold sends 30-60 s after connecting).
test.use({ plan: 'paid' })

test('send and receive in the Chats view', async ({ ui, page }) => {
  await ui.go('Sandbox')
  await ui.sandbox.createPhone('15550000011', 'Alice')
  await ui.sandbox.createPhone('15550000012', 'Bob')
  await ui.go('Instances')
  const id = await ui.instances.create('Chat desk')
  await ui.instances.expectStatus('Chat desk', 'SCAN_QR_CODE')
  await ui.go('Sandbox')
  await ui.sandbox.scanQrOf('Alice', id)
  await ui.go('Instances')
  await ui.instances.expectStatus('Chat desk', 'WORKING')
  await ui.go('Policies')
  await ui.policies.useButton('Unlimited').click()
  await expect(ui.policies.column('Unlimited')).toContainText('Current')

  await ui.go('Sandbox')
  await ui.sandbox.sendAs('Bob', '15550000011', 'Hi, is the shop open today?')
  await ui.go('Chats')
  const chat = ui.chats.chat(/15550000012|Bob/)
  await expect(chat).toContainText('Hi, is the shop open today?')
  await expect(chat.getByLabel('1 unread')).toBeVisible()

  await chat.click()
  await expect(ui.chats.thread.getByText('Hi, is the shop open today?')).toBeVisible()
  await expect(chat.getByLabel('1 unread')).toHaveCount(0)
  await ui.chats.send('Yes, until 6 pm!')
  const mine = ui.chats.thread.locator('.bubble.out').filter({ hasText: 'Yes, until 6 pm!' })
  await expect(mine).toBeVisible()
  await expect(mine.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible()
  // The list shows our last message with its tick too.
  await expect(chat.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible()
  await saveScreenshot(page, 'chats')

  // The smallest window (760x520): the composer stays in view without scrolling the page.
  await page.setViewportSize({ width: 760, height: 520 })
  await expect(page.getByLabel('Message', { exact: true })).toBeInViewport({ ratio: 1 })
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeInViewport({ ratio: 1 })
  await page.setViewportSize({ width: 1280, height: 820 })

  await ui.go('Sandbox')
  const inbox = await ui.sandbox.openInbox('Bob', '15550000012')
  await expect(inbox.getByText('Yes, until 6 pm!')).toBeVisible()

  // Bob reads his chats: the reply's tick turns Read, in words, in the thread and the list.
  await ui.sandbox.phone('Bob').getByRole('button', { name: 'Read received messages' }).click()
  await expect(ui.sandbox.phone('Bob').getByRole('status').filter({ hasText: 'the senders see Read' })).toBeVisible()
  await ui.go('Chats')
  await expect(mine.getByRole('img', { name: 'Read' })).toHaveText('✓✓ Read')
  await expect(chat.getByRole('img', { name: 'Read' })).toBeVisible()
})
