// Saved replies (issue 20 item 7) through the UI bridge on an offline core: added, listed by shortcut, changed,
// refused when a shortcut is taken or malformed, removed, and still there after a restart of the core.
import { afterAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../testing/core-harness.js'
import { connectTestBridge, type TestBridge } from './testing/ws-bridge-client.js'

describe('saved replies', () => {
  const open: { close(): unknown }[] = []
  afterAll(async () => {
    for (const c of open.reverse()) await c.close()
  })

  it('are saved per account, checked, changed and removed, and kept across a restart', async () => {
    let t: TestCore = await startTestCore('offline')
    let ui: TestBridge = await connectTestBridge(t.core.url, t.core.ui.token)
    const shortcuts = async () => {
      const r = await ui.bridge.replies.list({})
      if (!r.ok) throw new Error('bridge call failed')
      return r.data.replies.map((x) => `${x.shortcut}=${x.text}`)
    }
    expect(await shortcuts()).toEqual([])
    const hours = await ui.bridge.replies.save({ shortcut: '/Hours', text: ' We open 9-18, Monday to Saturday. ' })
    expect(hours).toMatchObject({ ok: true, data: { shortcut: 'hours', text: 'We open 9-18, Monday to Saturday.' } })
    await ui.bridge.replies.save({ shortcut: 'address', text: 'Rua Augusta 100' })
    expect(await shortcuts()).toEqual(['address=Rua Augusta 100', 'hours=We open 9-18, Monday to Saturday.'])
    expect(await ui.bridge.replies.save({ shortcut: 'hours', text: 'again' })).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect(await ui.bridge.replies.save({ shortcut: 'two words', text: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_param' } })
    expect(await ui.bridge.replies.save({ shortcut: 'ok', text: '   ' })).toMatchObject({ ok: false, error: { code: 'invalid_param' } })
    expect(await ui.bridge.replies.save({ id: 999, shortcut: 'gone', text: 'x' })).toMatchObject({ ok: false, error: { code: 'not_found' } })
    if (!hours.ok) throw new Error('save failed')
    expect(await ui.bridge.replies.save({ id: hours.data.id, shortcut: 'horario', text: 'Abrimos 9-18' })).toMatchObject({ ok: true, data: { id: hours.data.id, shortcut: 'horario' } })

    ui.close()
    const { dataDir, token } = t
    await t.close()
    t = await startTestCore('offline', { dataDir, accessToken: token })
    open.push(t)
    ui = await connectTestBridge(t.core.url, t.core.ui.token)
    open.push(ui)
    expect(await shortcuts()).toEqual(['address=Rua Augusta 100', 'horario=Abrimos 9-18'])
    expect(await ui.bridge.replies.remove({ id: hours.data.id })).toEqual({ ok: true, data: { removed: true } })
    expect(await ui.bridge.replies.remove({ id: hours.data.id })).toEqual({ ok: true, data: { removed: false } })
    expect(await shortcuts()).toEqual(['address=Rua Augusta 100'])
  })
})
