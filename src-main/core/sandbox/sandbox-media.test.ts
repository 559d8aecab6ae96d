// Media goes through the sandbox's HTTPS media service for real: encrypted upload, download, decrypt.
import { describe, expect, it } from 'vitest'
import { createHash, randomBytes } from 'node:crypto'
import { downloadMediaMessage, type WAMessage } from '@whiskeysockets/baileys'
import { Jimp } from 'jimp'
import { waitFor } from './testing/test-client.js'
import { usePairedSandbox, type PairedSandbox } from './testing/suite.js'

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

describe('sandbox media', () => {
  let ctx: PairedSandbox
  usePairedSandbox((sandbox) => (ctx = sandbox))

  async function roundTrip(content: Parameters<typeof ctx.A.sock.sendMessage>[1], original: Buffer) {
    const { A, B, Bjid, net } = ctx
    const sent = await A.sock.sendMessage(Bjid, content)
    const got = await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === sent!.key.id))[0], 10_000, 'media upsert')
    const msg = got.messages.find((m) => m.key.id === sent!.key.id) as WAMessage
    const body = (await downloadMediaMessage(msg, 'buffer', { options: { dispatcher: net.socketTrust().options.dispatcher } as never })) as Buffer
    expect(sha(body)).toBe(sha(original))
    // The person behind B's phone downloaded and decrypted it too.
    const personCopy = await waitFor(() => net.mediaOf('15550000002', sent!.key.id!), 10_000, 'person media')
    expect(sha(personCopy.body)).toBe(sha(original))
    return msg
  }

  it('an image decrypts byte-identical on the other side', async () => {
    const img = await new Jimp({ width: 64, height: 48, color: 0x3366ccff }).getBuffer('image/png')
    const msg = await roundTrip({ image: img, mimetype: 'image/png', caption: 'a blue box' }, img)
    expect(msg.message?.imageMessage?.caption).toBe('a blue box')
  })

  it('a voice note decrypts byte-identical on the other side', async () => {
    const voice = Buffer.concat([Buffer.from('OggS'), randomBytes(6000)])
    const msg = await roundTrip({ audio: voice, mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 3 }, voice)
    expect(msg.message?.audioMessage?.ptt).toBe(true)
  })

  it('a document keeps its name and bytes', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)])
    const msg = await roundTrip({ document: pdf, mimetype: 'application/pdf', fileName: 'report.pdf' }, pdf)
    expect(msg.message?.documentMessage?.fileName).toBe('report.pdf')
  })
})
