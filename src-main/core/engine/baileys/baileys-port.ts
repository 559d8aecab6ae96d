// The SessionPort over one Baileys socket: each verb is the socket call it stands for, with its failure translated
// once (engineRequest -> EngineRequestError). One port per socket: a reconnect makes a new one, so the presence it
// announced starts over with the connection, as the network's does.
import {
  generateMessageIDV2,
  generateWAMessageFromContent,
  prepareWAMessageMedia,
  USyncQuery,
  USyncUser,
  type WASocket
} from '@whiskeysockets/baileys'
import { engineRequest } from '../engine-errors.js'
import type { OwnAccount, OwnPresence, SessionPort } from '../session-port.js'
import { parseChannelPosts } from './channel-posts.js'
import { lookupNumber } from './number-lookup.js'
import { serverAck } from './server-ack.js'

const NAME_SYNC_MS = 3_000
const bare = (jid: string) => jid.split('@')[0]!.split(':')[0]!

/**
 * The account as Baileys knows it now. Not `socket.user`: Baileys' socket layers spread the base object, which
 * freezes that getter's value at construction; `authState.creds` is the live object.
 */
export function accountOf(socket: WASocket): OwnAccount | undefined {
  const me = socket.authState.creds.me
  if (!me?.id) return undefined
  return { id: me.id, pn: `${bare(me.id)}@s.whatsapp.net`, lid: me.lid ? `${bare(me.lid)}@lid` : undefined, name: me.name, notify: me.notify }
}

/** Baileys applies a name change to creds.me through its own (possibly buffered) events; wait for it, briefly. */
function nameApplied(sock: WASocket, name: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      sock.ev.off('creds.update', check)
      resolve()
    }
    const check = () => {
      if (sock.authState.creds.me?.name === name) done()
    }
    const timer = setTimeout(done, NAME_SYNC_MS)
    sock.ev.on('creds.update', check)
    check()
  })
}

export function baileysPort(instanceId: string, sock: WASocket): SessionPort {
  const call = engineRequest
  let presence: OwnPresence = 'unavailable'
  const account = (): OwnAccount => {
    const a = accountOf(sock)
    if (!a) throw new Error('the session has no logged-in account')
    return a
  }
  return {
    instanceId,
    account,
    newMessageId: () => generateMessageIDV2(account().id),
    send: (jid, content, options = {}) =>
      call(async () => {
        const sent = await sock.sendMessage(jid, content, options)
        if (!sent) throw new Error('the engine returned no message')
        return sent
      }),
    relay: (jid, message, { messageId, quoted, additionalNodes = [] }) =>
      call(async () => {
        const full = generateWAMessageFromContent(jid, message, { userJid: account().id, messageId, ...(quoted ? { quoted } : {}) })
        await sock.relayMessage(jid, full.message!, { messageId, additionalNodes })
        return full
      }),
    uploadLinkThumbnail: (image) =>
      call(async () => (await prepareWAMessageMedia({ image }, { upload: sock.waUploadToServer, mediaTypeOverride: 'thumbnail-link' })).imageMessage ?? undefined),
    serverAck: (messageId, timeoutMs) => serverAck(sock.ws as never, messageId, timeoutMs),
    readMessages: (keys) => call(() => sock.readMessages(keys)),
    modifyChat: (change, jid) => call(() => sock.chatModify(change, jid)),
    sendPresence: (state, jid) => call(() => sock.sendPresenceUpdate(state, jid)),
    subscribePresence: (jid) => call(() => sock.presenceSubscribe(jid)),
    ownPresence: () => presence,
    announcePresence: (state) =>
      call(async () => {
        await sock.sendPresenceUpdate(state)
        presence = state
      }),
    onWhatsApp: (jid) => call(async () => !!(await sock.onWhatsApp(jid))?.some((r) => r.exists)),
    lookupNumber: (digits) => call(() => lookupNumber(sock, digits)),
    hasDevices: (jid) =>
      call(async () => {
        const query = new USyncQuery().withDeviceProtocol().withLIDProtocol().withUser(new USyncUser().withId(jid))
        const result = await sock.executeUSyncQuery(query)
        const devices = (u: unknown) => (u as { devices?: { deviceList?: unknown[] } }).devices?.deviceList?.length ?? 0
        return !!result?.list.some((u) => devices(u) > 0)
      }),
    pnForLid: (lid) => call(async () => (await sock.signalRepository.lidMapping.getPNForLID(lid)) ?? null),
    lidForPn: (pn) => call(async () => (await sock.signalRepository.lidMapping.getLIDForPN(pn)) ?? null),
    about: (jid) =>
      call(async () => {
        const entry = (await sock.fetchStatus(jid))?.[0]?.status as { status?: string | null; setAt?: Date } | null | undefined
        return entry ? { status: entry.status, setAt: entry.setAt instanceof Date ? entry.setAt : undefined } : undefined
      }),
    pictureUrl: (jid, timeoutMs) => call(async () => (await sock.profilePictureUrl(jid, 'image', timeoutMs)) ?? undefined),
    setBlocked: (jid, blocked) => call(() => sock.updateBlockStatus(jid, blocked ? 'block' : 'unblock')),
    groups: {
      all: () => call(async () => Object.values(await sock.groupFetchAllParticipating())),
      metadata: (gid) => call(() => sock.groupMetadata(gid)),
      create: (subject, participants) => call(() => sock.groupCreate(subject, participants)),
      inviteInfo: (code) => call(() => sock.groupGetInviteInfo(code)),
      acceptInvite: (code) => call(() => sock.groupAcceptInvite(code)),
      leave: (gid) => call(() => sock.groupLeave(gid)),
      updateParticipants: (gid, jids, action) =>
        call(async () =>
          (await sock.groupParticipantsUpdate(gid, jids, action)).map((r) => ({ status: String(r.status), jid: r.jid ?? undefined, phoneNumber: r.content?.attrs?.phone_number }))
        ),
      setSubject: (gid, subject) => call(() => sock.groupUpdateSubject(gid, subject)),
      setDescription: (gid, description) => call(() => sock.groupUpdateDescription(gid, description)),
      setSetting: (gid, setting) => call(() => sock.groupSettingUpdate(gid, setting)),
      inviteCode: (gid) => call(() => sock.groupInviteCode(gid)),
      revokeInvite: (gid) => call(() => sock.groupRevokeInvite(gid))
    },
    channels: {
      metadata: (by, key) => call(() => sock.newsletterMetadata(by, key)),
      create: (name, description) => call(() => sock.newsletterCreate(name, description)),
      setPicture: (jid, image) => call(async () => void (await sock.newsletterUpdatePicture(jid, image))),
      delete: (jid) => call(() => sock.newsletterDelete(jid)),
      follow: (jid) => call(async () => void (await sock.newsletterFollow(jid))),
      unfollow: (jid) => call(async () => void (await sock.newsletterUnfollow(jid))),
      mute: (jid, mute) => call(async () => void (await (mute ? sock.newsletterMute(jid) : sock.newsletterUnmute(jid)))),
      posts: (jid, limit) =>
        call(async () => {
          // Baileys types since/after as numbers but treats them as optional; leaving them out asks for the latest posts.
          const unset = undefined as unknown as number
          return parseChannelPosts(await sock.newsletterFetchMessages(jid, limit, unset, unset), jid)
        })
    },
    labels: {
      save: (label) => call(async () => void (await sock.addLabel('', label))),
      addToChat: (chatJid, labelId) => call(() => sock.addChatLabel(chatJid, labelId)),
      removeFromChat: (chatJid, labelId) => call(() => sock.removeChatLabel(chatJid, labelId))
    },
    profile: {
      setName: (name) =>
        call(async () => {
          await sock.updateProfileName(name)
          await nameApplied(sock, name)
        }),
      setAbout: (about) => call(() => sock.updateProfileStatus(about)),
      setPicture: (jid, image) => call(() => sock.updateProfilePicture(jid, image)),
      removePicture: (jid) => call(() => sock.removeProfilePicture(jid))
    },
    reuploadMedia: (message) => call(() => sock.updateMediaMessage(message))
  }
}
