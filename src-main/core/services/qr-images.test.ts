// QrImages renders each QR once per look, shares concurrent renders, forgets failures and stays bounded.
import { describe, expect, it } from 'vitest'
import QRCode from 'qrcode'
import { QrImages, type QrRenderer } from './qr-images.js'

const counting = () => {
  const calls: string[] = []
  const render: QrRenderer = (qr, options) => {
    calls.push(qr)
    return QRCode.toBuffer(qr, { ...options, type: 'png' })
  }
  return { calls, render }
}

describe('QrImages', () => {
  it('renders a QR once and answers the same PNG to every poll', async () => {
    const { calls, render } = counting()
    const images = new QrImages(render)
    const [a, b] = await Promise.all([images.png('2@abc,def'), images.png('2@abc,def')])
    const c = await images.dataUrl('2@abc,def')
    expect(calls).toEqual(['2@abc,def'])
    expect(a.equals(b)).toBe(true)
    expect(c).toBe(`data:image/png;base64,${a.toString('base64')}`)
    // A real PNG, not a placeholder.
    expect(a.subarray(1, 4).toString('latin1')).toBe('PNG')
  })

  it('keeps looks apart: the page image is larger than the API one', async () => {
    const { calls, render } = counting()
    const images = new QrImages(render)
    const api = await images.png('2@look')
    const page = await images.png('2@look', 'page')
    expect(calls).toHaveLength(2)
    expect(page.equals(api)).toBe(false)
  })

  it('forgets a failed render so the next poll tries again', async () => {
    let fail = true
    const images = new QrImages(async (qr, options) => {
      if (fail) throw new Error('render failed')
      return QRCode.toBuffer(qr, { ...options, type: 'png' })
    })
    await expect(images.png('2@retry')).rejects.toThrow('render failed')
    fail = false
    await expect(images.png('2@retry')).resolves.toBeInstanceOf(Buffer)
  })

  it('evicts the least recently used QR beyond its capacity', async () => {
    const { calls, render } = counting()
    const images = new QrImages(render, 2)
    await images.png('q1')
    await images.png('q2')
    await images.png('q1')
    await images.png('q3') // evicts q2, the least recently used
    await images.png('q1')
    await images.png('q2')
    expect(calls).toEqual(['q1', 'q2', 'q3', 'q2'])
  })
})
