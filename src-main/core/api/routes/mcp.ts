// POST /mcp: the MCP server for local AI assistants (streamable HTTP transport, stateless), behind the API's token.
// Thin: the auth hook finds the account, mcp/ serves the JSON-RPC request with tools on deps.services.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { serveMcp } from '../../mcp/mcp-http.js'
import type { ApiDeps } from '../api-deps.js'
import { coreErrors } from '../../domain/core-errors.js'
import { authAccount, tokenFromRequest } from '../plugins/auth.js'
import type { Params } from '../request-params.js'
import { accountQuery, standardErrors } from '../schemas/common.js'

export const MCP_DOC =
  'Model Context Protocol server (streamable HTTP transport, stateless: no Mcp-Session-Id, JSON answers) for local AI assistants (Claude Desktop, Cursor, VS Code, n8n\'s MCP client...). Point the client at http://127.0.0.1:PORT/mcp with the header Authorization: Bearer <access token> (or access-token, or ?access_token= in the URL). Tools: list_instances, list_chats, read_messages, send_text, send_media (image or file by URL or base64), check_number, send_queue; they act on the token\'s account only, and sends go through the same rate-limit policy and queue as /v2/send/* (a queued send answers its position and ETA). A bad token answers 401 invalid_access_token and a missing one 401 missing_access_token (with WWW-Authenticate: Bearer, as MCP clients expect) before any MCP exchange; GET (a server-to-client stream) is not offered: 405.'

/** Room for a media file as base64 (send_media), as the /v2/send media routes allow. */
const mcpBodyLimit = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + 1024 * 1024

export async function mcpRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const version = process.env.SWITCHBOARD_VERSION ?? process.env.npm_package_version ?? '0.0.0'
  app.post('/mcp', {
    config: { auth: 'account' },
    // MCP clients read a missing credential as 401 (the auth hook's 400 missing_param is the hosted API's answer).
    // The token of an MCP client is in a header or the URL, never in the JSON-RPC body, so the request line suffices.
    onRequest: (request, reply, done) => {
      if (tokenFromRequest(request, (request.query ?? {}) as Params)) return done()
      reply.header('WWW-Authenticate', 'Bearer realm="switchboard"')
      done(coreErrors.missingAccessToken())
    },
    bodyLimit: mcpBodyLimit(deps.services.send.media.maxBytes),
    schema: {
      tags: ['MCP'],
      summary: 'MCP server (streamable HTTP)',
      description: MCP_DOC,
      querystring: accountQuery(),
      body: Type.Unknown({ description: 'A JSON-RPC 2.0 message or batch (MCP)' }),
      response: { 200: Type.Unknown({ description: 'The JSON-RPC answer' }), 202: Type.Unknown({ description: 'Accepted (a notification)' }), ...standardErrors }
    }
  }, async (request, reply) => {
    const { account } = authAccount(request)
    reply.hijack()
    await serveMcp(deps.services, { accountId: account.id, req: request.raw, res: reply.raw, body: request.body, version })
  })
}
