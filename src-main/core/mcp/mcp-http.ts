// Serves one MCP request over the streamable HTTP transport, stateless: a server and a transport per POST, bound to
// the account the API's auth hook found for the token (so one assistant never sees another account's instances).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { CoreServices } from '../services/core-services.js'
import { createMcpServer } from './mcp-tools.js'

export interface McpRequest {
  accountId: string
  /** The raw request and response (the caller has handed the response over, e.g. Fastify's reply.hijack()). */
  req: IncomingMessage
  res: ServerResponse
  /** The JSON-RPC body, already parsed. */
  body: unknown
  /** Reported to clients as the server's version. */
  version: string
}

export async function serveMcp(services: CoreServices, r: McpRequest): Promise<void> {
  const server = createMcpServer(services, r.accountId, r.version)
  // JSON answers (no SSE): every tool finishes within the request; nothing is pushed later in stateless mode.
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
  r.res.on('close', () => {
    void transport.close()
    void server.close()
  })
  await server.connect(transport)
  await transport.handleRequest(r.req, r.res, r.body)
}
