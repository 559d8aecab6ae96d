// Durations in the shop's language (issue 20 item 12): every countdown, age, pause, spacing and retry wait the views
// show goes through formatDuration — Indonesian units and Portuguese digits, where they were English ("1 min 15 s",
// "7.5 s", "60 s") written in code.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { statusReasonText } from '../../src-main/core/domain/status-reason.js'
import { statusWords } from '../lib/status-words.js'
import { useAppStore } from '../stores/app-store.js'
import { health, instance, overview, policies, webhooks } from '../test/fixtures.js'
import { englishAfterEach, inLanguage } from '../test/language.js'
import { installMemoryBridge } from '../test/memory-bridge.js'
import { InstancesView } from '../views/instances/InstancesView.js'
import { PairingView } from '../views/pairing/PairingView.js'
import { PoliciesView } from '../views/policies/PoliciesView.js'
import { WebhooksView } from '../views/webhooks/WebhooksView.js'

englishAfterEach()

describe('durations in the UI’s language', () => {
  it('the health panel’s oldest waits in Indonesian', async () => {
    await inLanguage('id')
    installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'WORKING' })]),
      'instances.callSettings': () => ({ autoReject: false, replyText: null }),
      'instances.health': () => health({ queueDepth: 2, oldestQueuedSeconds: 75, sends: { queued: 2 }, outboxPending: 1, outboxOldestPendingSeconds: 12_000 })
    })
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: /Front desk/ })
    await userEvent.click(within(card).getByText('Kesehatan'))
    const dl = await within(card).findByLabelText('Angka kesehatan')
    expect(dl).toHaveTextContent('2 menunggu, terlama 1 mnt 15 dtk')
    expect(dl).toHaveTextContent('terlama 3 j 20 mnt')
    expect(dl).not.toHaveTextContent(/\d (s|min)\b/)
  })

  it('the temporary link’s countdown and the QR’s in Indonesian', async () => {
    await inLanguage('id')
    installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'pairing.qr': () => ({ instanceId: 'ABCDEF123456', image: 'data:image/png;base64,AAAA', issuedAt: Date.now(), expiresAt: Date.now() + 20_000 }),
      'pairing.tempLink': () => ({ link: 'http://192.168.1.20:3000/temp-qr/tok', expiresAt: Date.now() + 30 * 60_000, qrImage: null })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<PairingView />)
    expect(await screen.findByTestId('link-expiry')).toHaveTextContent(/^Kedaluwarsa dalam (29|30) mnt( \d+ dtk)?$/)
    expect(screen.getByText(/^Diperbarui dalam (1[5-9]|20) dtk$/)).toBeInTheDocument()
  })

  it('the Policies view’s pause after connecting, spacing and protection countdown in Portuguese and Indonesian', async () => {
    await inLanguage('pt-BR')
    const dto = policies()
    installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'policies.get': () => ({ ...dto, counters: { ...dto.counters, protectionUntil: Date.now() + 45_000 } })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<PoliciesView />)
    const pause = await screen.findByRole('row', { name: /Pausa após conectar/ })
    expect(within(pause).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1 min', '1 min', 'Sem pausa'])
    expect(screen.getByText(/libera uma a cada 7,5 s\.$/)).toBeInTheDocument()
    expect(screen.getByText(/^Proteção da conta: os envios esperam mais (4[0-5]) s após conectar\.$/)).toBeInTheDocument()
    await inLanguage('id')
    expect(within(pause).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1 mnt', '1 mnt', expect.any(String)])
    expect(screen.getByText(/meloloskan satu setiap 7,5 dtk\.$/)).toBeInTheDocument()
  })

  it('a webhook’s first retry in Spanish, with the locale’s digits; a retry wait in Indonesian', async () => {
    await inLanguage('es')
    installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: [{ id: 7, url: 'http://127.0.0.1:5678/hook', name: null, events: ['message'], isActive: true, retries: { delay: 600, attempts: 15 }, hasSecret: false, disabledReason: null }] }),
      'webhooks.deliveries': () => []
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    expect(await screen.findByText(/reintentos: 15 intentos desde 10 min$/)).toBeInTheDocument()
    await inLanguage('id')
    expect(statusWords('retry:2:1500:ECONNREFUSED', statusReasonText('retry:2:1500:ECONNREFUSED'))).toBe('gagal terhubung (ECONNREFUSED), percobaan 2 dalam 1,5 dtk')
    expect(statusWords('retry:1:500:ETIMEDOUT', statusReasonText('retry:1:500:ETIMEDOUT'))).toBe('gagal terhubung (ETIMEDOUT), percobaan 1 dalam 500 md')
  })
})
