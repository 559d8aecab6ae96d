// The core's last English sentences in Portuguese in a real browser (issue 20 item 12): a restricted number's hold
// (the network answered 463), why a banned instance FAILED, a campaign's estimate (worded from its numbers in the
// schedule's zone), the bind address warning and a held reply's tick, in the 760x520 window (where the chat search
// keeps its width beside the longer "Nova conversa"); after a reload and a core restart the
// words are still Portuguese. The API keeps the core's English sentences for its clients.
import { expect, test } from './fixtures.js'

test.use({ plan: 'paid' })

test('holds, failures, estimates and the bind warning in Portuguese, after a reload and a core restart', async ({ ui, page, app }) => {
  test.setTimeout(240_000)
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${app.apiUrl}${path}`, { method, headers: { 'access-token': app.token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300)
    return res.json() as Promise<Record<string, unknown>>
  }
  await api('POST', '/sandbox/phones', { phone_number: '15550004001', name: 'Shop' })
  await api('POST', '/sandbox/phones', { phone_number: '15550004002', name: 'Dana' })
  const id = await ui.instances.create('Caixa')
  await ui.instances.expectStatus('Caixa', 'SCAN_QR_CODE')
  await api('POST', '/sandbox/phones/15550004001/scan', { instance_id: id })
  await ui.instances.expectStatus('Caixa', 'WORKING')
  await api('PATCH', `/v2/session/rate-limit?instance_id=${id}&policy_slug=unlimited`)
  await api('POST', '/sandbox/phones/15550004002/messages', { to: '15550004001', text: 'Olá, vocês entregam?' })

  // The network restricts the number: the next send is refused with 463 and every send is held.
  await api('POST', '/sandbox/faults', { action: 'restrict_account', phone: '15550004001', duration_ms: 30 * 60_000 })
  await api('POST', `/v2/send/text?instance_id=${id}`, { chatId: '15550004002@c.us', message: 'Sim, hoje até as 18h' })

  // A campaign scheduled for tomorrow in São Paulo's time: the API's estimate keeps its English sentence and carries
  // the numbers and the zone.
  const list = (await api('POST', '/v2/campaigns/lists', { name: 'Clientes', rows: [{ phone: '+15550004002', name: 'Dana' }] })) as { list: { id: string } }
  const draft = (await api('POST', '/v2/campaigns', {
    name: 'Domingo', listId: list.list.id, instanceIds: [id], template: { text: 'Oi {{name}}' },
    schedule: { timeZone: 'America/Sao_Paulo', window: null, startAt: Date.now() + 24 * 3_600_000 }, pacing: { minDelayMs: 60_000, maxDelayMs: 120_000, dailyCapPerNumber: null, warmup: false }
  })) as { id: string }
  const estimate = await api('GET', `/v2/campaigns/${draft.id}/estimate`)
  expect(estimate).toMatchObject({ remaining: 1, text: expect.stringMatching(/^≈ 24 h \d+ min, ends \w{3} \d\d:\d\d$/), timeZone: 'America/Sao_Paulo', endsAt: expect.any(Number) })
  await api('POST', `/v2/campaigns/${draft.id}/start`, { consent: { confirmed: true } })

  await page.setViewportSize({ width: 760, height: 520 })
  await ui.go('Settings')
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR')
  const nav = page.getByRole('navigation', { name: 'Seções' })

  // Settings: typing an address other machines reach warns in Portuguese.
  const bind = page.getByRole('textbox', { name: 'Endereço de escuta' })
  await bind.fill('0.0.0.0')
  const warning = page.getByRole('region', { name: 'Acesso à API' }).getByRole('alert')
  await expect(warning).toContainText('Atenção: a API escuta num endereço fora do loopback')
  await expect(warning).not.toContainText('non-loopback')

  const checkWords = async () => {
    await nav.getByRole('button', { name: 'Instâncias' }).click()
    const card = page.getByRole('listitem', { name: 'Instância Caixa' })
    await expect(card.getByTestId('state-words')).toContainText(/Restrito: todos os envios pausados até \d\d:\d\d — \d+ retidas/)
    await nav.getByRole('button', { name: 'Campanhas' }).click()
    await page.getByRole('button', { name: 'Domingo', exact: true }).click()
    // The end in the schedule's zone, told the Brazilian way ("ter. 14:10"), from the numbers the core sent.
    await expect(page.locator('.content')).toContainText(/≈ 24 h \d+ min, termina (dom|seg|ter|qua|qui|sex|sáb)\. \d\d:\d\d/)
    // Its start and first send are told in the UI's language too, not the browser's (en-US here: "Thu 11:33 PM").
    await expect(page.locator('.content')).not.toContainText(/\bends\b|New contacts|Restricted|\b(AM|PM)\b/)
    expect(await page.locator('.content').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    // The funnel's longer Portuguese labels ("Destinatários", "Responderam") end before their bars start.
    const labelsClear = await page.locator('.funnel li').evaluateAll((lis) =>
      lis.map((li) => li.querySelector('.funnel-label')!.getBoundingClientRect().right <= li.querySelector('.funnel-bar')!.getBoundingClientRect().left + 0.5)
    )
    expect(labelsClear).toEqual([true, true, true, true, true])
    await page.getByRole('button', { name: 'Voltar para todas as campanhas' }).click()
  }
  await checkWords()
  await page.reload()
  await checkWords()

  // Chats: the held reply's tick speaks Portuguese, and the search box keeps a usable width beside "Nova conversa".
  await nav.getByRole('button', { name: 'Conversas' }).click()
  await page.locator('.chat-list').getByText('Dana').first().click()
  await expect(page.locator('.bubble.out').filter({ hasText: 'Sim, hoje até as 18h' }).getByRole('img', { name: /^(Aguardando envio|Não enviada)$/ })).toBeVisible()
  const search = (await page.locator('#chat-search').boundingBox())!
  const newChat = (await page.getByRole('button', { name: 'Nova conversa' }).boundingBox())!
  expect(search.width).toBeGreaterThanOrEqual(85)
  expect(search.y >= newChat.y + newChat.height || search.x >= newChat.x + newChat.width).toBe(true)

  // Sandbox: with Portuguese's longer button words the send row's fields are still readable, nothing cut off.
  await nav.getByRole('button', { name: 'Sandbox' }).click()
  const dana = page.locator('li[data-phone="15550004002"]')
  const cut = await dana.locator('.phone-action select, .phone-action .file-pick').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1 || e.clientWidth < 100).map((e) => e.outerHTML.slice(0, 80)))
  expect(cut).toEqual([])

  // A ban: the instance FAILED, and why is said in Portuguese; still so after the core restarts.
  await api('POST', '/sandbox/faults', { action: 'ban', phone: '15550004001', code: 403 })
  await nav.getByRole('button', { name: 'Instâncias' }).click()
  const card = page.getByRole('listitem', { name: 'Instância Caixa' })
  await expect(card.locator('.badge')).toHaveAttribute('data-status', 'FAILED')
  await expect(card.getByTitle('failed:forbidden')).toContainText('a rede recusou a conta (403: bloqueada ou banida)')
  await app.crash()
  await app.restart()
  await page.reload()
  await nav.getByRole('button', { name: 'Instâncias' }).click()
  const after = page.getByRole('listitem', { name: 'Instância Caixa' })
  await expect(after.getByTitle('failed:forbidden')).toContainText('a rede recusou a conta (403: bloqueada ou banida)')
  await expect(after).not.toContainText(/the network|Restricted|New contacts/)
})
