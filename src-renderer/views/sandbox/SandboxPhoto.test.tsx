// The sandbox phone card sends a photo from a file picker (sandbox.sendMedia: the same content as the admin route),
// its inbox shows a photo as a thumbnail with its caption (not the caption alone), and phones sort numerically.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { SandboxMessageDto, SandboxPhoneDto } from '../../../src-preload/contract/dto.js'
import { useAppStore } from '../../stores/app-store.js'
import { byNumber } from '../../stores/sandbox-store.js'
import { appInfo, overview } from '../../test/fixtures.js'
import { installMemoryBridge } from '../../test/memory-bridge.js'
import { SandboxView } from './SandboxView.js'

const phone = (phoneNumber: string, name: string): SandboxPhoneDto => ({ phoneNumber, name, jid: `${phoneNumber}@s.whatsapp.net`, online: true, devices: [] })
const PNG = 'data:image/png;base64,iVBORw0KGgo='

describe('Sandbox phone card: photos', () => {
  it('sends a picked photo with the text as caption, and shows received photos as thumbnails', async () => {
    const inbox: SandboxMessageDto[] = [{ id: 'p1', from: '15550000002@s.whatsapp.net', to: '15550000001@s.whatsapp.net', type: 'image', text: 'the new shelf', timestamp: Date.now(), fromMe: false, media: { mimetype: 'image/png' } }]
    const b = installMemoryBridge({
      'instances.list': () => overview([]),
      'sandbox.phones': () => [phone('15550000002', 'Bob'), phone('15550000001', 'Alice')],
      'sandbox.messages': () => inbox,
      'sandbox.media': ({ messageId }) => ({ mimetype: 'image/png', filename: null, size: 8, dataUrl: `${PNG}#${messageId}` }),
      'sandbox.sendMedia': ({ to, caption }) => {
        inbox.push({ id: 'p2', from: '15550000001@s.whatsapp.net', to: `${to}@s.whatsapp.net`, type: 'image', text: caption ?? null, timestamp: Date.now(), fromMe: true, media: { mimetype: 'image/png' } })
        return { id: 'p2' }
      }
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    // Numeric order: Alice (…01) before Bob (…02) whatever order the core lists them in.
    const cards = await screen.findAllByRole('listitem', { name: /^Phone / })
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Phone Alice', 'Phone Bob'])
    const card = cards[0]!
    await userEvent.click(within(card).getByRole('button', { name: 'Show inbox' }))
    const list = await within(card).findByRole('list', { name: 'Inbox of 15550000001' })
    expect(await within(list).findByRole('img', { name: 'Photo: the new shelf' })).toHaveAttribute('src', `${PNG}#p1`)

    await userEvent.selectOptions(within(card).getByLabelText('Send as Alice to'), '15550000002')
    await userEvent.upload(within(card).getByLabelText('Attach a photo or file as Alice'), new File([new Uint8Array([137, 80, 78, 71])], 'shelf.png', { type: 'image/png' }))
    expect(within(card).getByText('shelf.png')).toBeInTheDocument()
    await userEvent.type(within(card).getByLabelText('Caption'), 'here it is')
    await userEvent.click(within(card).getByRole('button', { name: 'Send a message as this person' }))
    await waitFor(() => expect(b.callsTo('sandbox.sendMedia')).toEqual([{ phoneNumber: '15550000001', to: '15550000002', file: { name: 'shelf.png', mimetype: 'image/png', base64: 'iVBORw==' }, caption: 'here it is' }]))
    expect(await within(list).findByRole('img', { name: 'Photo: here it is' })).toBeInTheDocument()
    expect(b.callsTo('sandbox.sendText')).toEqual([])
  })

  it('sorts phone numbers as numbers, not as text', () => {
    expect(byNumber([phone('15550000010', 'a'), phone('999123456', 'b'), phone('15550000002', 'c')]).map((p) => p.phoneNumber)).toEqual(['999123456', '15550000002', '15550000010'])
  })
})
