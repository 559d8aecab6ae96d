// The OpenAPI document (from the route schemas) at /docs/json and the browsable UI at /docs, with the
// choices we made where the hosted API's docs are silent or ambiguous.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { ErrorBody } from './schemas/common.js'
import { webhookOpenApi } from '../messaging/events/openapi-webhooks.js'

const DESCRIPTION = `Switchboard's localhost API: a drop-in replacement for the hosted v2 API, running WhatsApp accounts on this PC.

**Credentials.** Every operation takes access_token (create needs only that) and instance_id, in the query string, a JSON body or a form body (application/x-www-form-urlencoded, or multipart/form-data, where an uploaded file part reads as {data, filename, mimetype}: file=@photo.jpg works for every media route); a JSON body sent without a Content-Type, as text/plain or as a form (data=json.dumps(...), curl -d '{...}') is read as JSON; the body wins over the query, duplicates are never an error. Arrays may be spelled events[0]=...&events[1]=... (PHP's http_build_query) or as JSON text. Headers also work: access-token (or Authorization: Bearer, X-Api-Key) and X-Instance-Id; parameters win over headers. Another account's instance answers 404 as if it did not exist. Failed authentications are throttled with 429 too_many_requests (Retry-After): 10 a minute with one token from one address, 30 a minute against one instance_id, 100 a minute from one address; a request with a valid token is never throttled, so one tool retrying a stale token cannot lock out the others on 127.0.0.1.

**Errors.** \`{code, message, details:{missing?, recommendation?}}\`; the rate-limit and temp-link operations use \`{status:"error", code, message}\` (plus \`free_policies\` on 403). The Accept header picks JSON (default), XML, text/plain (\`Error: <code>. <message>. <hint>\`) or HTML. A status that does not allow an operation answers 422 with code session_status_mismatch and details.status (our choice; the spec gives no code): every operation that needs a WORKING session (sending, message, chat and contact operations, groups, labels, profile, presence, status, channels; also while a WORKING session reconnects) answers 422 session_status_mismatch, as do request-code and the QR outside SCAN_QR_CODE and logout outside WORKING.

**Choices where the reference was silent (GUESS/WAHA variants).**
- create starts the instance at once and answers STARTING (the spec's table); start on a running instance is a no-op.
- start/stop/restart answer {name, status, config:{webhooks, proxy}}; logout and delete {name, status, instance_id}.
- /v2/auth/qr answers both shapes at once: WAHA's {value} and the hosted service's {mimetype, data} envelope (data = base64 of {value, expiry}); format=image gives a base64 PNG.
- /v2/auth/request-code answers {code:"XXXX-XXXX"} (WAHA's shape).
- /v2/session/info adds qr (a PNG data URL) in SCAN_QR_CODE and me once paired, and why the status last changed: status_reason (a stable code, as reason of the session.status webhook) and status_reason_text (the same in words; the webhook's reason_text); accepts GET and POST.
- temp-link answers {status, link, expires_at, message}; GET answers link:null without an active link; DELETE answers {status, revoked, message}.
- FAILED: the engine could not log in after 8 attempts with exponential back-off (1 s doubling to 60 s, with jitter), nobody scanned during 5 QR cycles, the session was replaced elsewhere (disconnect 440) 3 times within 5 minutes, or the network refused the account (failed:forbidden for 403 locked, failed:banned for 402/406). restart (or start) leaves FAILED. A paired instance that failed for a cause that may pass (network unreachable, timeouts; not 401 logged out, 440 conflicts, 402/403/406 refusals or an unscanned QR) stays FAILED but keeps trying in the background every 5 minutes (up to 30 % sooner, jitter) and goes WORKING (session.status FAILED -> WORKING) when an attempt connects; stop ends the attempts. Not failures: 515 (restart required, after every pairing) reconnects at once; 401 (the phone logged the device out, also while stopped) forgets the pairing and goes SCAN_QR_CODE with a fresh QR (reason disconnect:401).
- Chats, messages and contacts (reads) answer from the local message store, which survives restarts: /v2/chats is 200 at once after a cold boot (never 202); right after the first pairing it fills while the history sync arrives. /v2/chats sorts by messageTimestamp (default), id or name, DESC by default; chats/messages is newest first. Reads accept GET and POST; message and chat operations POST (plus DELETE for deletes, PUT for edit/archive/read).
- Message ids are WAHA-serialized (\`{fromMe}_{chatId}_{id}[_{participant}]\`); a bare id works together with chatId. Chat ids: \`<number>@c.us\`, bare digits (+ and spaces removed), \`@s.whatsapp.net\`, \`@g.us\`, \`@lid\`, \`@newsletter\`.
- downloadMedia defaults to true (as WAHA): media is downloaded once, kept under \`<data-dir>/media\` and served at \`media.url\` = \`/api/files/<instance_id>/<message id>.<ext>\`, behind the same access token (401 without it).
- Profile picture URLs (/v2/contacts/profile-picture, /v2/chats/picture) are cached 24 h per instance, absent pictures too; refresh=true asks the network. check-exists counts against the policy's check_req_per_minute/check_daily_cap (waits up to 20 s for a slot, else 429 rate_limited). /v2/lids/count answers {count}; LID lookups answer {lid, pn, number}.
- Rate-limit policies after a plan downgrade: an instance whose chosen policy is paid-only runs, and is reported (current_policy), as strict while the account is on free; the choice is kept and applies again on paid.
- A disconnect 401 (device unlinked on the phone) wipes the pairing and goes back to SCAN_QR_CODE with a new QR.
- /v2/auth/qr and qr-image right after logout (SCAN_QR_CODE before the first QR) wait up to 10 s for it, then answer 202 qr_not_ready with retry_in_ms; never a 422 naming the state the session is in.
- Older clients: the v1-style names of Wawp's n8n node and WordPress plugin (/v2/send, /v2/sendImage, /v2/getQr ...) and WAHA's chat paths (/v2/chats/{chatId}/messages ...) are deprecated aliases (deprecated: true) that run their v2 operation's handler; /api/docs/raw lists every operation.

**Security.** The server binds 127.0.0.1, refuses a Host header that is not this machine's loopback name or address or a name allowed with --allow-host, e.g. host.docker.internal for tools in Docker (403 forbidden_host); bound to another address (--host), every route needs the access token from any address but this machine's loopback (except \`/temp-qr/<token>\`), refuses cross-site browser requests (403 forbidden_origin) and never sends CORS headers. Request bodies are limited to 1 MiB, except the media routes (sends and statuses with a file: a 64 MiB file as base64 plus 1 MiB; group, channel and profile pictures: 16 MiB); a body over 1 MiB is read only when the query or a header carries a valid token, otherwise it is answered at 1 MiB as missing_param or invalid_access_token (429 when throttled). A method the path does not take answers 405 method_not_allowed with Allow.`

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const webhookDocs = webhookOpenApi()
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Switchboard API (v2-compatible)', version: '2.1.0', description: DESCRIPTION },
      tags: [
        { name: 'Session', description: 'Instance lifecycle' },
        { name: 'Login', description: 'Pairing by QR code or pairing code' },
        { name: 'Rate limit', description: 'Sending policies' },
        { name: 'Sending', description: 'Messages of every kind through the instance\'s outbound queue and rate-limit policy (200 sent, 202 queued with position and ETA, 429 over the daily cap); seen, typing, star' },
        { name: 'Temporary link', description: 'Credential-free QR page' },
        { name: 'Webhooks', description: 'Webhook management (paid plan), the delivery log and replay (Switchboard extensions). Every event and its payload: x-webhooks and the Webhook* schemas (WAHA shapes plus the flat keys of the v2 docs)' },
        { name: 'Chats', description: 'Chat lists, messages of a chat, chat operations (from the local message store and the phone)' },
        { name: 'Messages', description: 'One message: get, delete, edit, pin; downloaded media files' },
        { name: 'Contacts', description: 'Contacts, number checks, about, pictures, block list, LID mappings' },
        { name: 'Events', description: 'The webhook events live over Server-Sent Events or a WebSocket (GET /v2/events), resumable by event id: for clients without a webhook receiver' },
        { name: 'Switchboard extensions', description: 'Our own additions to the v2 API. Campaigns (/v2/campaigns): contact lists, templates with variables and spintax, the audience check, schedule and window, pacing on top of the policy, the autopilot that pauses before WhatsApp does, opt-outs, reports. Walk-through: docs/campaigns.md' },
        { name: 'MCP', description: 'Model Context Protocol server for local AI assistants (POST /mcp)' },
        { name: 'Health', description: 'Liveness' },
        { name: 'WAHA API (/api)', description: "WAHA's API under /api, served by the same operations (its own document: /docs/waha/json)" }
      ],
      components: {
        schemas: webhookDocs.schemas,
        securitySchemes: {
          accessTokenHeader: { type: 'apiKey', in: 'header', name: 'access-token' },
          accessTokenQuery: { type: 'apiKey', in: 'query', name: 'access_token' }
        }
      },
      security: [{ accessTokenHeader: [] }, { accessTokenQuery: [] }],
      ...webhookDocs.extensions
    },
    transformObject: (document) => ('openapiObject' in document ? documentErrorStatuses(document.openapiObject as OpenApiDocument & typeof document.openapiObject) : document.swaggerObject)
  })
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: false } })
}

interface OpenApiOperation {
  responses?: Record<string, unknown>
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation | unknown>>
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch']

/**
 * Error statuses of routes whose schemas name only their success (the sandbox admin routes, kept apart from the
 * API's own schemas) or not every failure (temp-qr): what each answers, from api/error-status.ts's table.
 *   sandbox: 400 invalid parameters or request, 401 token, 429 throttled; with a phone in the path 404 unknown phone
 *   and 409 (person offline, no pending pairing, instance not scannable); creating a phone 409 when it exists;
 *   scan and link-code also 410 (expired QR) and 502 (linking failed).
 *   temp-qr: 410 expired or revoked link, 400 a token longer than 128 characters.
 */
export function documentErrorStatuses<T extends OpenApiDocument>(doc: T): T {
  const errorBody = { description: 'Error ({code, message, details})', content: { 'application/json': { schema: ErrorBody } } }
  const add = (op: OpenApiOperation, statuses: number[]) => {
    op.responses ??= {}
    for (const status of statuses) op.responses[String(status)] ??= errorBody
  }
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as OpenApiOperation | undefined
      if (!op) continue
      if (path.startsWith('/sandbox/')) {
        add(op, [400, 401, 429])
        if (path.includes('{phone}')) add(op, [404, 409])
        if (path === '/sandbox/phones' && method === 'post') add(op, [409])
        if (/\/(scan|link-code)$/.test(path)) add(op, [410, 502])
      } else if (path.startsWith('/temp-qr/{token}')) {
        add(op, [400, 410])
      }
    }
  }
  return doc
}
