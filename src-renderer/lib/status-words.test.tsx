// A status reason code has one set of words per locale (issue 20 item 12): why an instance failed reads the same on
// its card, above the composer and in Pairing, with or without the core's English sentence at hand, in every
// language the UI ships; an unknown code keeps the core's sentence or its bare reason.
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { statusReasonText } from '../../src-main/core/domain/status-reason.js'
import { i18n, LANGUAGES } from '../i18n/index.js'
import { en } from '../i18n/locales/en.js'
import { useAppStore } from '../stores/app-store.js'
import { instance, overview } from '../test/fixtures.js'
import { installMemoryBridge } from '../test/memory-bridge.js'
import { PairingView } from '../views/pairing/PairingView.js'
import { failureText, statusWords } from './status-words.js'

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'))
})

describe('why an instance failed, in one set of words', () => {
  for (const lng of LANGUAGES) {
    it(`${lng}: every failed:<code> reads the same with and without the core’s sentence`, async () => {
      await act(() => i18n.changeLanguage(lng))
      for (const code of Object.keys(en.coreWords.status.failed)) {
        const reason = `failed:${code}`
        const words = statusWords(reason, statusReasonText(reason))
        expect([reason, failureText(reason)]).toEqual([reason, words])
        expect([reason, failureText(reason, statusReasonText(reason))]).toEqual([reason, words])
      }
    })
  }

  it('an unknown code: the core’s sentence, else its bare reason; no code at all: "unknown reason" in the locale', async () => {
    expect(failureText('failed:something_new', 'a sentence only the core knows')).toBe('a sentence only the core knows')
    expect(failureText('failed:something_new')).toBe('something_new')
    expect(failureText(null)).toBe('unknown reason')
    await act(() => i18n.changeLanguage('pt-BR'))
    expect(failureText(null)).toBe('motivo desconhecido')
    expect(failureText('failed:something_new')).toBe('something_new')
  })

  it('Pairing says why in the same words as the card, in Portuguese, for a code only the core’s set had', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'FAILED', statusReason: 'failed:version_outdated', statusReasonText: statusReasonText('failed:version_outdated') })]),
      'pairing.tempLink': () => ({ link: null, expiresAt: null, qrImage: null })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<PairingView />)
    expect(await screen.findByTestId('pairing-guidance')).toHaveTextContent('versão do WhatsApp desatualizada: a rede recusou esta versão do WhatsApp Web (405)')
  })
})
