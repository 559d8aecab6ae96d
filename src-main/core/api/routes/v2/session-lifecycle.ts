// /v2/session/{create,start,stop,restart,logout,delete}: the instance lifecycle over HTTP; /v2/session/config sets
// config.proxy (issue 11).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { coreErrors } from '../../../domain/core-errors.js'
import type { InstanceView } from '../../../engine/instance-manager.js'
import { SERVER_NAME } from '../../../services/instance-service.js'
import type { ApiDeps } from '../../api-deps.js'
import { authAccount, authInstance } from '../../plugins/auth.js'
import { proxyParamOf } from '../../params/proxy-params.js'
import { stringParam } from '../../request-params.js'
import { accountQuery, CREDENTIALS_NOTE, ErrorBody, instanceQuery, ProxyAnswer, SessionConfig, standardErrors, Status } from '../../schemas/common.js'
import { sendSessionResult } from '../../session-replies.js'

const SessionAnswer = Type.Object({ name: Type.String(), status: Status, config: SessionConfig })
const RemovalAnswer = Type.Object({ name: Type.String(), status: Status, instance_id: Type.String() })
const CreateAnswer = Type.Object({
  instance_id: Type.String(),
  session_name: Type.String(),
  status: Status,
  server_name: Type.String(),
  config: Type.Object({ proxy: Type.Optional(ProxyAnswer) }, { additionalProperties: true })
})

const PROXY_NOTE =
  'config.proxy is {server, username, password}: server http://host:port or https://host:port (HTTP CONNECT), socks5://, socks5h:// or socks4://host:port; ' +
  'also accepted as proxy={...}, flattened keys (proxy[server]=...), JSON text, or one URL string with the credentials (http://user:pass@host:port). ' +
  "The instance's WhatsApp connection and its media uploads and downloads go through it; answers show the password as \"***\". " +
  'When the proxy cannot be reached the instance ends FAILED with status_reason failed:proxy_unreachable.'

const tags = ['Session']
const textNote = ' Answers JSON by default; Accept: application/xml gives <response><success>true</success><message>...</message>...</response> and text/plain "Success. ...".'

export async function sessionLifecycleRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { instances } = deps.services
  const { manager } = instances
  const sessionAnswer = (view: InstanceView) => ({ name: view.name, status: view.status, config: instances.sessionConfig(view.id) })
  const removalAnswer = (view: InstanceView) => ({ name: view.name, status: view.status, instance_id: view.id })

  app.post('/v2/session/create', {
    config: { auth: 'account' },
    schema: {
      tags,
      summary: 'Create an instance',
      description: `Provisions an instance and starts it at once, so the answer's STARTING is already true (a following start is a no-op). 403 quota_reached when the plan's instance quota is used up (free: 2, paid: unlimited by default). Optional session_name. Optional config.proxy (or proxy): the first connection already goes through it. ${PROXY_NOTE} ${CREDENTIALS_NOTE}`,
      querystring: accountQuery({ session_name: Type.Optional(Type.String({ maxLength: 64 })) }),
      response: { 201: CreateAnswer, 403: ErrorBody, ...standardErrors }
    }
  }, async (request, reply) => {
    const { account } = authAccount(request)
    const name = stringParam(request.input, 'session_name') ?? stringParam(request.input, 'name')
    // Checked before anything is created: a bad proxy is a 400 and no instance.
    const proxy = proxyParamOf(request.input)
    const view = manager.create(account.id, name?.slice(0, 64), { proxy: proxy.given ? proxy.proxy : null })
    const shown = instances.proxyOf(view.id)
    return reply.code(201).send({ instance_id: view.id, session_name: view.name, status: view.status, server_name: SERVER_NAME, config: shown ? { proxy: shown } : {} })
  })

  app.route({
    method: ['PUT', 'POST'],
    url: '/v2/session/config',
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: "Update an instance's config (proxy)",
      description: `Sets config.proxy, or removes it with proxy null (or ""). Stored at once (the password encrypted at rest); it takes effect at the instance's next start, restart or reconnect — call /v2/session/restart to apply it now. 400 invalid_param for a malformed proxy, missing_param when no proxy is given. ${PROXY_NOTE}${textNote} ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery(),
      response: { 200: SessionAnswer, ...standardErrors }
    },
    handler: async (request, reply) => {
      const { instance } = authInstance(request)
      const proxy = proxyParamOf(request.input)
      if (!proxy.given) throw coreErrors.missingParam(['config.proxy'])
      instances.setProxy(instance.id, proxy.proxy)
      const view = instances.mustView(instance.id)
      return sendSessionResult(request, reply, sessionAnswer(view), `Session ${view.name} config updated; it applies at the next (re)start`)
    }
  })

  const op = (path: string, methods: ('GET' | 'POST' | 'DELETE')[], summary: string, description: string, response: typeof SessionAnswer | typeof RemovalAnswer, run: (id: string) => Promise<{ body: Record<string, unknown>; message: string }>) =>
    app.route({
      method: methods,
      url: path,
      config: { auth: 'instance' },
      schema: { tags, summary, description: `${description}${textNote} ${CREDENTIALS_NOTE}`, querystring: instanceQuery(), response: { 200: response, ...standardErrors } },
      handler: async (request, reply) => {
        const { instance } = authInstance(request)
        const { body, message } = await run(instance.id)
        return sendSessionResult(request, reply, body, message)
      }
    })

  op('/v2/session/start', ['GET', 'POST'], 'Start an instance', 'STOPPED or FAILED -> STARTING; answers at once and connects in the background (then WORKING, or SCAN_QR_CODE when not paired). A no-op on a running instance, which avoids the protocol conflict of a double start.', SessionAnswer, async (id) => {
    const view = manager.start(id)
    return { body: sessionAnswer(view), message: `Session ${view.name} is ${view.status}` }
  })
  op('/v2/session/stop', ['GET', 'POST'], 'Stop an instance', 'Closes the connection and keeps the pairing: a later start needs no scan. No webhooks are delivered while stopped.', SessionAnswer, async (id) => {
    const view = await manager.stop(id)
    return { body: sessionAnswer(view), message: `Session ${view.name} stopped` }
  })
  op('/v2/session/restart', ['GET', 'POST'], 'Restart an instance', 'Reconnects keeping data and pairing; queued outbound messages are purged. Answers STARTING. Allow about 30 s before heavy sending.', SessionAnswer, async (id) => {
    const view = await manager.restart(id)
    return { body: sessionAnswer(view), message: `Session ${view.name} restarted` }
  })
  op('/v2/session/logout', ['GET', 'POST'], 'Log out (unlink the device)', 'WORKING -> SCAN_QR_CODE: the device is unlinked from the phone, the pairing is forgotten and a new QR follows; instance_id stays valid. A no-op in SCAN_QR_CODE; 422 session_status_mismatch in other states.', RemovalAnswer, async (id) => {
    const view = await manager.logout(id)
    return { body: removalAnswer(view), message: `Session ${view.name} logged out` }
  })
  op('/v2/session/delete', ['DELETE'], 'Delete an instance', 'Irreversible: unlinks the device when connected, deletes all data of the instance and frees its quota slot. The id answers 404 afterwards.', RemovalAnswer, async (id) => {
    const view = await manager.delete(id)
    return { body: removalAnswer(view), message: `Session ${view.name} deleted` }
  })
}
