// Issue 20 item 1 in a real browser: sends that wait (Strict's protection after connecting) are in the chat after a
// reload; a restart of the instance turns them "Not sent" (with the reason) and they stay after a chat switch, a
// reload and a crash and restart of the core; the API lists them the same way (ack -1, queue.status not_sent).
import { expect, test } from './fixtures.js'

test.use({ plan: 'free' })

test('waiting and not-sent messages survive reloads, chat switches and a core restart', async ({ ui, page, app }) => {
  test.setTimeout(240_000)
  await ui.go('Sandbox')
  await ui.sandbox.createPhone('15550000031', 'Shop')
  await ui.sandbox.createPhone('15550000032', 'Dana')
  await ui.go('Instances')
  const id = await ui.instances.create('History desk')
  await ui.instances.expectStatus('History desk', 'SCAN_QR_CODE')
  await ui.go('Sandbox')
  await ui.sandbox.scanQrOf('Shop', id)
  await ui.sandbox.sendAs('Dana', '15550000031', 'Do you deliver?')
  // A second chat to switch to, through the sandbox's admin API.
  const admin = (path: string, body: unknown) => fetch(`${app.apiUrl}${path}`, { method: 'POST', headers: { 'access-token': app.token, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect((await admin('/sandbox/phones', { phone_number: '15550000033', name: 'Eli' })).status).toBe(201)
  expect((await admin('/sandbox/phones/15550000033/messages', { to: '15550000031', text: 'Hello' })).status).toBe(201)

  await ui.go('Chats')
  const dana = ui.chats.chat(/15550000032|Dana/)
  await expect(dana).toContainText('Do you deliver?')
  await dana.click()
  const bubbles = ui.chats.thread.locator('.bubble.out')
  for (const text of ['Yes, today', 'Before 6', 'Free over $20']) {
    await ui.chats.send(text)
    await expect(bubbles.filter({ hasText: text })).toBeVisible()
  }
  await expect(bubbles.filter({ has: page.getByRole('img', { name: 'Waiting to be sent' }) })).toHaveCount(3)

  // A reload reads them from the core, not from the tab.
  await page.reload()
  await ui.go('Chats')
  await ui.chats.chat(/15550000032|Dana/).click()
  // (Strict sends the first one 60 s after connecting: on a slow machine it may have gone by now.)
  await expect(bubbles).toHaveCount(3)
  await expect(bubbles.filter({ hasText: 'Free over $20' }).getByRole('img', { name: 'Waiting to be sent' })).toBeVisible()
  await expect(bubbles.filter({ hasText: 'Free over $20' }).locator('.wait-reason')).toBeVisible()

  const restart = await fetch(`${app.apiUrl}/v2/session/restart?instance_id=${id}`, { method: 'POST', headers: { 'access-token': app.token } })
  expect(restart.status).toBe(200)
  const notSent = bubbles.filter({ has: page.getByRole('img', { name: 'Not sent' }) })
  await expect(bubbles.filter({ hasText: 'Free over $20' }).getByRole('img', { name: 'Not sent' })).toBeVisible()
  const dropped = await notSent.count()
  expect(dropped).toBeGreaterThanOrEqual(2)

  // Another chat and back, a reload, then a crash and a restart of the core: still there, still Not sent.
  await ui.chats.chat(/15550000033|Eli/).click()
  await ui.chats.chat(/15550000032|Dana/).click()
  await expect(notSent).toHaveCount(dropped)
  await expect(bubbles).toHaveCount(3)
  // Read back from the core, each says why it was not sent.
  await expect(notSent.last()).toContainText('instance restarted before this message was sent')
  await app.crash()
  await app.restart()
  await page.reload()
  await ui.go('Chats')
  await ui.chats.chat(/15550000032|Dana/).click()
  await expect(notSent).toHaveCount(dropped)
  await expect(bubbles).toHaveCount(3)
  await expect(bubbles.filter({ hasText: 'Free over $20' }).getByRole('button', { name: 'Resend this message' })).toBeVisible()

  const api = await fetch(`${app.apiUrl}/v2/chats/messages?instance_id=${id}&chatId=15550000032&downloadMedia=false`, { headers: { 'access-token': app.token } })
  const rows = (await api.json()) as { body: string; ack: number; queue?: { status: string } }[]
  const ours = rows.filter((r) => r.queue)
  expect(ours.map((r) => r.body)).toEqual(['Free over $20', 'Before 6', 'Yes, today'])
  expect(ours.filter((r) => r.queue!.status === 'not_sent' && r.ack === -1)).toHaveLength(dropped)
})
