// The MCP front door's tools (POST /mcp): what a local AI assistant may do with the token's account: list instances,
// chats and messages, send text and media, check a number, see the send queue. Translate only: tool arguments ->
// typed calls on the core's services (sends through services.send: the same policies and queue as HTTP) -> JSON text.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { coreErrors } from '../domain/core-errors.js'
import { isDomainError } from '../domain/errors.js'
import { parseMessageId, serializeMessageId, toApiChatId, toWaJid } from '../messaging/chat-ids.js'
import { normalizeCheckPhone } from '../messaging/reads/contact-ops.js'
import type { FileSpec } from '../messaging/send/media-input.js'
import type { SendCommand } from '../messaging/send/send-command.js'
import type { SendResult } from '../messaging/send/send-service.js'
import type { CoreServices } from '../services/core-services.js'

export const MCP_SERVER_NAME = 'switchboard'

const instanceId = z.string().min(1).describe('The 12-character instance id (list_instances)')
const chatId = z.string().min(1).describe('The chat: digits with the country code (15551234567), <number>@c.us, or a group <id>@g.us')

const json = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] })

/** A domain error is the tool's answer (the assistant reads code and message); anything else is a bug and rethrown. */
async function answer(work: () => Promise<unknown> | unknown): Promise<CallToolResult> {
  try {
    return json(await work())
  } catch (e) {
    if (!isDomainError(e)) throw e
    return { isError: true, content: [{ type: 'text', text: JSON.stringify({ code: e.code, message: e.message, details: e.details ?? {} }) }] }
  }
}

/** What a send became: sent now, or waiting in the instance's queue (with its place and ETA), as over HTTP. */
function sendOutcome(result: SendResult): Record<string, unknown> {
  if (result.status === 'sent') {
    const key = result.message.key
    return { status: 'sent', id: serializeMessageId(key), chatId: toApiChatId(key.remoteJid), timestamp: Number(result.message.messageTimestamp ?? 0) }
  }
  return {
    status: 'queued',
    id: serializeMessageId({ fromMe: true, remoteJid: result.chatJid, id: result.messageId }),
    position: result.position,
    eta: new Date(result.etaAt).toISOString(),
    eta_ms: result.etaMs,
    reason: result.reason,
    note: 'Held by the instance\'s rate-limit policy; it is sent in order without another call (see send_queue).'
  }
}

/** One server per request (stateless transport), bound to the authenticated account. */
export function createMcpServer(services: CoreServices, accountId: string, version: string): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version })
  const owned = (id: string) => services.instances.owned(accountId, id).id
  const send = async (id: string, command: SendCommand) => sendOutcome(await services.send.send(owned(id), command))

  server.registerTool('list_instances', {
    title: 'List instances',
    description: 'The WhatsApp accounts (instances) of this Switchboard account: instance_id, name, status (WORKING can send) and the paired number.',
    inputSchema: { all: z.boolean().optional().describe('Include STOPPED instances (default false)') },
    annotations: { readOnlyHint: true }
  }, ({ all }) => answer(() => services.instances.list(accountId, all ?? false).map((v) => ({
    instance_id: v.id, name: v.name, status: v.status, me: v.me && { id: v.me.id, pushName: v.me.pushName }
  }))))

  server.registerTool('list_chats', {
    title: 'List chats',
    description: 'Chats of an instance from the local message store, most recent first.',
    inputSchema: { instance_id: instanceId, limit: z.number().int().min(1).max(200).optional().describe('Default 20'), offset: z.number().int().min(0).optional() },
    annotations: { readOnlyHint: true }
  }, (a) => answer(() => services.reads.listChats(owned(a.instance_id), { limit: a.limit ?? 20, offset: a.offset ?? 0 }).map((c) => ({
    id: c.id, name: c.name, isGroup: c.isGroup, unreadCount: c.unreadCount, timestamp: c.timestamp, archived: c.archived
  }))))

  server.registerTool('read_messages', {
    title: 'Read messages of a chat',
    description: 'Messages of one chat from the local store, newest first (media is not downloaded; its URL needs the token).',
    inputSchema: { instance_id: instanceId, chat_id: chatId, limit: z.number().int().min(1).max(200).optional().describe('Default 20'), offset: z.number().int().min(0).optional() },
    annotations: { readOnlyHint: true }
  }, (a) => answer(async () => {
    const id = owned(a.instance_id)
    const list = await services.reads.chatMessages(id, toWaJid(a.chat_id), { limit: a.limit ?? 20, offset: a.offset ?? 0 }, false)
    return list.map((m) => ({ id: m.id, from: m.from, fromMe: m.fromMe, timestamp: m.timestamp, type: m.type, body: m.body, hasMedia: m.hasMedia, ack: m.ackName }))
  }))

  server.registerTool('send_text', {
    title: 'Send a text message',
    description: 'Sends a WhatsApp text through the instance\'s rate-limit policy and queue, like POST /v2/send/text: answers {status:"sent", id} or {status:"queued", id, position, eta}.',
    inputSchema: { instance_id: instanceId, chat_id: chatId, text: z.string().min(1).max(65_536).describe('The message (WhatsApp markdown: *bold* _italic_)') }
  }, (a) => answer(() => send(a.instance_id, { kind: 'text', chatJid: toWaJid(a.chat_id), text: a.text })))

  server.registerTool('send_media', {
    title: 'Send an image or a file',
    description: 'Sends an image (shown inline) or any file (as a document) by URL or base64, through the same policy and queue as POST /v2/send/image and /v2/send/pdf.',
    inputSchema: {
      instance_id: instanceId,
      chat_id: chatId,
      kind: z.enum(['image', 'file']).describe('image: a JPEG/PNG/WebP shown inline; file: any file, sent as a document'),
      url: z.string().url().optional().describe('http(s) URL of the file (give url or base64)'),
      base64: z.string().optional().describe('The file as base64 or a data: URL (give url or base64)'),
      mimetype: z.string().optional(),
      filename: z.string().optional(),
      caption: z.string().optional()
    }
  }, (a) => answer(() => {
    const source = a.url !== undefined ? { url: a.url } : a.base64 !== undefined ? { data: a.base64 } : undefined
    if (!source || (a.url !== undefined && a.base64 !== undefined)) throw coreErrors.invalidParam('url', 'give exactly one of url or base64')
    const file = { ...source, ...(a.mimetype ? { mimetype: a.mimetype } : {}), ...(a.filename ? { filename: a.filename } : {}) } as FileSpec
    const caption = a.caption ? { caption: a.caption } : {}
    return send(a.instance_id, { kind: a.kind === 'image' ? 'image' : 'pdf', chatJid: toWaJid(a.chat_id), file, ...caption })
  }))

  server.registerTool('check_number', {
    title: 'Check a number is on WhatsApp',
    description: 'Asks the network whether a phone number has WhatsApp (paced by the policy\'s number-check limits). Answers {numberExists, chatId}.',
    inputSchema: { instance_id: instanceId, phone: z.string().min(1).describe('Digits with the country code, e.g. 15551234567') },
    annotations: { readOnlyHint: true }
  }, (a) => answer(() => services.reads.checkExists(owned(a.instance_id), normalizeCheckPhone(a.phone))))

  server.registerTool('send_queue', {
    title: 'See the send queue',
    description: 'The instance\'s rate-limit policy, today\'s counters and the queue length (GET /v2/send/queue); with message_id, what became of that message (queued, sending, sent, failed, purged).',
    inputSchema: { instance_id: instanceId, message_id: z.string().optional().describe('An id from a send answer') },
    annotations: { readOnlyHint: true }
  }, (a) => answer(() => {
    const id = owned(a.instance_id)
    const snap = services.send.snapshot(id)
    const bare = a.message_id && (/_/.test(a.message_id) ? parseMessageId(a.message_id).id : a.message_id)
    return {
      policy: services.policies.current(id).slug,
      queue_length: snap.queueLength,
      protection_until: snap.protectionUntil ? new Date(snap.protectionUntil).toISOString() : null,
      send: snap.send,
      ...(bare ? { message: services.send.fate(id, bare) ?? null } : {})
    }
  }))

  return server
}
