// The phone's answer to a media re-upload request (Baileys updateMediaMessage: <receipt type="server-error">
// with <rmr>): the account's phone re-encrypts the media it holds under the message's own media key, uploads
// it to the media host (a new direct path), and the network hands the requesting device a
// <notification type="mediaretry"> whose MediaRetryNotification {stanzaId, directPath, result} is AES-GCM
// encrypted with the key derived from the media key, as real phones do. Unknown media: result NOT_FOUND.
import { createCipheriv, createHmac, randomBytes } from 'node:crypto'
import { aesEncryptGCM, getMediaKeys, hkdf, proto, type BinaryNode, type MediaType } from '@whiskeysockets/baileys'
import type { SandboxServer } from '../server/context.js'
import type { DeviceAddr } from '../server/delivery.js'
import { putMedia } from '../store/media-repo.js'
import { getPersonMedia } from '../store/person-repo.js'
import { columnStmt } from '../../db/statements.js'
import { child, node, tstr } from '../wire/nodes.js'
import { pnJid } from '../wire/jid.js'

const MEDIA_TYPES: Record<string, MediaType> = {
  imageMessage: 'image',
  videoMessage: 'video',
  ptvMessage: 'ptv',
  audioMessage: 'audio',
  documentMessage: 'document',
  stickerMessage: 'sticker'
}

/** The media part of the phone's copy of a message: its type and media key. */
function phoneCopy(s: SandboxServer, phone: string, id: string): { type: MediaType; mediaKey: Buffer; body: Buffer } | undefined {
  const raw = columnStmt<string>(s.db, 'SELECT content FROM person_messages WHERE phone = ? AND id = ?').get(phone, id)
  const media = getPersonMedia(s.db, phone, id)
  if (!raw || !media) return undefined
  const content = JSON.parse(raw) as Record<string, { mediaKey?: string } | undefined>
  const found = Object.entries(MEDIA_TYPES).find(([k]) => content[k]?.mediaKey)
  if (!found) return undefined
  return { type: found[1], mediaKey: Buffer.from(content[found[0]]!.mediaKey!, 'base64'), body: media.body }
}

/** Encrypts media the way WhatsApp clients upload it: AES-256-CBC, then the first 10 bytes of the HMAC. */
async function encryptMedia(body: Buffer, mediaKey: Buffer, type: MediaType): Promise<Buffer> {
  const { iv, cipherKey, macKey } = await getMediaKeys(mediaKey, type)
  if (!macKey) throw new Error(`no media keys for ${type}`)
  const c = createCipheriv('aes-256-cbc', cipherKey, iv)
  const enc = Buffer.concat([c.update(body), c.final()])
  const mac = createHmac('sha256', macKey).update(iv).update(enc).digest().subarray(0, 10)
  return Buffer.concat([enc, mac])
}

export async function answerMediaRetry(s: SandboxServer, requester: DeviceAddr, receipt: BinaryNode): Promise<void> {
  const id = receipt.attrs.id
  const rmr = child(receipt, 'rmr')
  if (!id || !rmr) return
  const copy = phoneCopy(s, requester.phone, id)
  const R = proto.MediaRetryNotification.ResultType
  let notification: proto.IMediaRetryNotification = { stanzaId: id, result: R.NOT_FOUND }
  let mediaKey: Buffer | undefined
  if (copy) {
    mediaKey = copy.mediaKey
    const directPath = `/m/${randomBytes(16).toString('hex')}`
    putMedia(s.db, directPath, await encryptMedia(copy.body, copy.mediaKey, copy.type))
    notification = { stanzaId: id, directPath, result: R.SUCCESS }
  }
  const rmrAttrs = Object.fromEntries(Object.entries(rmr.attrs).filter(([, v]) => v !== undefined && v !== 'undefined'))
  const attrs = { id, from: pnJid(requester.phone), type: 'mediaretry', t: tstr() }
  if (!mediaKey) {
    // Without the media there is no key to encrypt with: the real network answers an <error> then.
    s.delivery.deliver(requester, node('notification', attrs, [node('rmr', rmrAttrs), node('error', { code: String(R.NOT_FOUND) })]))
    return
  }
  const iv = randomBytes(12)
  const retryKey = hkdf(mediaKey, 32, { info: 'WhatsApp Media Retry Notification' })
  const ciphertext = aesEncryptGCM(proto.MediaRetryNotification.encode(notification).finish(), retryKey, iv, Buffer.from(id))
  s.delivery.deliver(
    requester,
    node('notification', attrs, [node('rmr', rmrAttrs), node('encrypt', {}, [node('enc_p', {}, ciphertext), node('enc_iv', {}, iv)])])
  )
}
