// WAHA's HTTP API under /api (issue 23 item 4): the paths WAHA's clients call (sessions by name, auth, the send
// kinds, chats/messages/contacts, groups, labels, presence), each running its /v2 operation's own handler, hooks
// and schema (a translation layer only: the session in the path or body names the instance; X-Api-Key is the token).
// Where WAHA and the hosted v2 API disagree, /v2 keeps v2's behaviour and /api gets WAHA's. Documented in a second
// OpenAPI document at /docs/waha/json (waha-openapi.ts).
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../../api-deps.js'
import { registerAlias, type CompatAlias, type Method } from '../compat/aliases.js'
import type { RouteTable } from '../compat/route-table.js'
import { wahaReshape, type WahaAnswer } from './waha-answers.js'
import { wahaCreateWebhooks } from './waha-session-config.js'

import { WAHA_TAG } from './waha-tag.js'

export { WAHA_TAG }

interface WahaRoute extends Omit<CompatAlias, 'caller'> {
  /** WAHA's own name of the operation, for /docs/waha. */
  what: string
  /** POST /api/sessions: config.webhooks becomes the new session's webhook list. */
  createWebhooks?: true
  /** WAHA's shape of the answer where v2's differs (waha-answers.ts). */
  shape?: WahaAnswer
}

const sends = (methods: Method[], pairs: [string, string][], answer?: WahaAnswer): WahaRoute[] =>
  pairs.map(([name, kind]) => ({ path: `/api/${name}`, methods, target: `/v2/send/${kind}`, what: `WAHA ${name}`, ...(answer ? { shape: answer } : {}) }))

/** WAHA's /api/{session}/groups/{id}<path> for the v2 group operation at /v2/groups/{id}<path>. */
const groupOps = (ops: [string, Method, string][]): WahaRoute[] =>
  ops.map(([path, method, what]) => ({ path: `/api/:session/groups/:id${path}`, methods: [method], target: `/v2/groups/:id${path}`, what }))

/** Every WAHA route: :session names the instance (its session name, or its instance id). */
export const WAHA_ROUTES: readonly WahaRoute[] = [
  // Sessions by name
  { path: '/api/sessions', methods: ['GET'], target: '/v2/sessions', shape: 'sessions', what: 'List sessions (all=true includes STOPPED)' },
  { path: '/api/sessions', methods: ['POST'], target: '/v2/session/create', createWebhooks: true, shape: 'session', what: 'Create a session ({name, config.webhooks})' },
  { path: '/api/sessions/:session', methods: ['GET'], target: '/v2/session/info', shape: 'session', what: 'Get a session' },
  { path: '/api/sessions/:session/me', methods: ['GET'], target: '/v2/session/me', what: 'The account of a session' },
  { path: '/api/sessions/:session/start', methods: ['POST'], target: '/v2/session/start', shape: 'session', what: 'Start a session' },
  { path: '/api/sessions/:session/stop', methods: ['POST'], target: '/v2/session/stop', shape: 'session', what: 'Stop a session' },
  { path: '/api/sessions/:session/restart', methods: ['POST'], target: '/v2/session/restart', shape: 'session', what: 'Restart a session' },
  { path: '/api/sessions/:session/logout', methods: ['POST'], target: '/v2/session/logout', shape: 'session', what: 'Log a session out' },
  { path: '/api/sessions/:session', methods: ['DELETE'], target: '/v2/session/delete', what: 'Delete a session' },
  // Auth
  { path: '/api/:session/auth/qr', methods: ['GET'], target: '/v2/auth/qr', defaults: { format: 'image' }, shape: 'qr', what: 'The QR code (format=image or raw)' },
  { path: '/api/:session/auth/request-code', methods: ['POST'], target: '/v2/auth/request-code', renames: { phoneNumber: 'phone_number' }, what: 'Request a pairing code ({phoneNumber})' },
  // Sending (session in the body, "default" when absent)
  ...sends(['POST', 'GET'], [['sendText', 'text']], 'message'),
  ...sends(['POST'], [['sendImage', 'image'], ['sendFile', 'pdf'], ['sendVoice', 'voice'], ['sendVideo', 'video'], ['sendLocation', 'location'], ['sendPoll', 'poll'], ['sendContactVcard', 'contact'], ['sendLinkPreview', 'link-preview']], 'message'),
  ...sends(['POST'], [['sendSeen', 'seen'], ['startTyping', 'start-typing'], ['stopTyping', 'stop-typing']]),
  ...sends(['PUT'], [['reaction', 'reaction'], ['star', 'star']]),
  // Chats and messages
  { path: '/api/:session/chats', methods: ['GET'], target: '/v2/chats', what: 'Chats' },
  { path: '/api/:session/chats/overview', methods: ['GET'], target: '/v2/chats/overview', what: 'Chats overview' },
  { path: '/api/:session/chats/:chatId/messages', methods: ['GET'], target: '/v2/chats/messages', what: 'Messages of a chat' },
  { path: '/api/:session/chats/:chatId/messages/read', methods: ['POST'], target: '/v2/chats/read', what: 'Mark a chat read' },
  { path: '/api/:session/chats/:chatId/messages/:messageId', methods: ['GET'], target: '/v2/messages/get', what: 'One message' },
  { path: '/api/:session/chats/:chatId/messages/:messageId', methods: ['DELETE'], target: '/v2/messages/delete', what: 'Delete a message' },
  { path: '/api/:session/chats/:chatId/messages/:messageId', methods: ['PUT'], target: '/v2/messages/edit', what: 'Edit a message' },
  { path: '/api/messages', methods: ['GET'], target: '/v2/chats/messages', what: 'Messages of a chat (?session=&chatId=)' },
  { path: '/api/:session/chats/:chatId', methods: ['DELETE'], target: '/v2/chats/delete', what: 'Delete a chat' },
  { path: '/api/:session/chats/:chatId/messages', methods: ['DELETE'], target: '/v2/chats/clear', what: "Clear a chat's messages" },
  { path: '/api/:session/chats/:chatId/archive', methods: ['POST'], target: '/v2/chats/archive', what: 'Archive a chat' },
  { path: '/api/:session/chats/:chatId/unarchive', methods: ['POST'], target: '/v2/chats/unarchive', what: 'Unarchive a chat' },
  // Contacts
  { path: '/api/contacts/all', methods: ['GET'], target: '/v2/contacts/all', what: 'All contacts (?session=)' },
  { path: '/api/contacts', methods: ['GET'], target: '/v2/contacts', what: 'One contact (?session=&contactId=)' },
  { path: '/api/contacts/check-exists', methods: ['GET'], target: '/v2/contacts/check-exists', what: 'Is the number on WhatsApp (?session=&phone=)' },
  { path: '/api/contacts/profile-picture', methods: ['GET'], target: '/v2/contacts/profile-picture', what: 'Profile picture (?session=&contactId=)' },
  { path: '/api/contacts/about', methods: ['GET'], target: '/v2/contacts/about', what: "A contact's about (?session=&contactId=)" },
  { path: '/api/contacts/block', methods: ['POST'], target: '/v2/contacts/block', what: 'Block a contact ({session, contactId})' },
  { path: '/api/contacts/unblock', methods: ['POST'], target: '/v2/contacts/unblock', what: 'Unblock a contact ({session, contactId})' },
  // Groups, labels, presence
  { path: '/api/:session/groups', methods: ['GET'], target: '/v2/groups', what: 'Groups' },
  { path: '/api/:session/groups', methods: ['POST'], target: '/v2/groups/create', what: 'Create a group' },
  { path: '/api/:session/groups/count', methods: ['GET'], target: '/v2/groups/count', what: 'Number of groups' },
  ...groupOps([
    ['', 'GET', 'One group'], ['', 'DELETE', 'Delete a group'], ['/leave', 'POST', 'Leave a group'],
    ['/description', 'PUT', "Set a group's description"], ['/subject', 'PUT', "Set a group's subject"],
    ['/settings/security/info-admin-only', 'GET', 'Who may edit the group info'], ['/settings/security/info-admin-only', 'PUT', 'Set who may edit the group info'],
    ['/settings/security/messages-admin-only', 'GET', 'Who may send messages'], ['/settings/security/messages-admin-only', 'PUT', 'Set who may send messages'],
    ['/participants', 'GET', 'Participants'], ['/participants/add', 'POST', 'Add participants'], ['/participants/remove', 'POST', 'Remove participants'],
    ['/admin/promote', 'POST', 'Promote participants to admin'], ['/admin/demote', 'POST', 'Demote admins']
  ]),
  { path: '/api/:session/groups/:id/invite-code', methods: ['GET'], target: '/v2/groups/:id/invite-code', shape: 'inviteCode', what: 'The invite link (a string)' },
  { path: '/api/:session/groups/:id/invite-code/revoke', methods: ['POST'], target: '/v2/groups/:id/invite-code/revoke', shape: 'inviteCode', what: 'Revoke the invite link (answers the new one)' },
  { path: '/api/:session/labels', methods: ['GET'], target: '/v2/labels', shape: 'labels', what: 'Labels' },
  { path: '/api/:session/labels', methods: ['POST'], target: '/v2/labels/create', what: 'Create a label' },
  { path: '/api/:session/labels/:labelId/chats', methods: ['GET'], target: '/v2/labels/:labelId/chats', what: 'Chats with a label' },
  { path: '/api/:session/labels/chats/:chatId', methods: ['GET'], target: '/v2/labels/chats/:chatId', what: 'Labels of a chat' },
  { path: '/api/:session/labels/chats/:chatId', methods: ['PUT'], target: '/v2/labels/chats/:chatId', what: 'Set the labels of a chat ({labels: [{id}]})' },
  { path: '/api/:session/presence', methods: ['GET'], target: '/v2/presence', what: 'Presences' },
  { path: '/api/:session/presence', methods: ['POST'], target: '/v2/presence', what: 'Set own presence' },
  { path: '/api/:session/presence/:chatId', methods: ['GET'], target: '/v2/presence/:chatId', what: 'Presence of a chat' },
  { path: '/api/:session/presence/:chatId/subscribe', methods: ['POST'], target: '/v2/presence/:chatId/subscribe', what: 'Subscribe to a chat\'s presence' },
  // Status (stories) and channels
  ...(['text', 'image', 'voice', 'video', 'delete'] as const).map((kind): WahaRoute => ({ path: `/api/:session/status/${kind}`, methods: ['POST'], target: `/v2/status/${kind}`, what: kind === 'delete' ? 'Delete a status' : `Post a ${kind} status` })),
  { path: '/api/:session/channels', methods: ['GET'], target: '/v2/channels', what: 'Channels this account follows or owns' },
  { path: '/api/:session/channels', methods: ['POST'], target: '/v2/channels/create', what: 'Create a channel' },
  { path: '/api/:session/channels/:id', methods: ['GET'], target: '/v2/channels/:id', what: 'One channel (id or invite)' },
  { path: '/api/:session/channels/:id', methods: ['DELETE'], target: '/v2/channels/:id', what: 'Delete a channel' }
]

export async function wahaRoutes(app: FastifyInstance, table: RouteTable, deps: ApiDeps): Promise<void> {
  const createWebhooks = wahaCreateWebhooks(deps)
  for (const route of WAHA_ROUTES) {
    for (const method of route.methods) {
      registerAlias(app, table, { ...route, caller: route.what }, method, {
        deprecated: false,
        tags: [WAHA_TAG],
        config: { sessionByName: true },
        ...(route.createWebhooks ? { extra: createWebhooks } : {}),
        ...(route.shape || method === 'POST' ? { reshape: wahaReshape(method, route.shape) } : {}),
        summary: () => route.what,
        description: (d, names, defaults) =>
          `WAHA's ${method} ${route.path.replace(/:(\w+)/g, '{$1}')}: runs ${route.targetMethod ?? method} ${route.target} with the instance named by ${names.includes('session') ? 'the session in the path' : 'session (query or body; default "default")'} — a session name or an instance id; the token as X-Api-Key (or any placement /v2 accepts)${names.filter((n) => n !== 'session').length ? `; ${names.filter((n) => n !== 'session').join(' and ')} from the path` : ''}${defaults ? `; default ${defaults}` : ''}${route.renames ? `; ${Object.entries(route.renames).map(([a, b]) => `${a} is ${b}`).join(', ')}` : ''}.\n\n${d}`
      })
    }
  }
}
