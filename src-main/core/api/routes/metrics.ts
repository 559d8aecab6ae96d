// GET /metrics: Prometheus metrics of the token's account (issue 23 item 5), behind the access token like every
// account route (Prometheus: `authorization: { credentials: <token> }` sends it as Authorization: Bearer).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../api-deps.js'
import { authAccount } from '../plugins/auth.js'
import { accountQuery, standardErrors } from '../schemas/common.js'

export async function metricsRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { metrics } = deps.services
  app.get('/metrics', {
    config: { auth: 'account' },
    schema: {
      tags: ['Health'],
      summary: 'Prometheus metrics (Switchboard extension)',
      description:
        'Prometheus text format, for the instances of the token\'s account, read from the store at scrape time: switchboard_instance_status{status} and switchboard_instance_up, switchboard_send_queue_depth and switchboard_send_queue_oldest_wait_seconds, switchboard_sends{result}, switchboard_new_contacts_paused and switchboard_new_contact_sends_held (deliverability), switchboard_inbound_messages, switchboard_webhook_deliveries{state} and switchboard_webhook_attempts{outcome}, switchboard_webhook_outbox_pending and switchboard_webhook_outbox_oldest_pending_seconds (outbox lag), switchboard_event_stream_clients; plus the process metrics (process_*, nodejs_*). Every per-instance series has the labels instance_id and name. Counts of sends, deliveries and attempts are of the rows the store keeps (pruned with the outbox), so they are gauges. The access token as for any route (Authorization: Bearer, access-token, X-Api-Key or ?access_token=). A Grafana dashboard: docs/grafana-dashboard.json.',
      querystring: accountQuery(),
      produces: ['text/plain'],
      response: { 200: Type.String({ description: 'Prometheus text exposition format 0.0.4' }), ...standardErrors }
    }
  }, async (request, reply) => {
    const { account } = authAccount(request)
    reply.header('Content-Type', metrics.contentType)
    return metrics.render(account.id)
  })
}
