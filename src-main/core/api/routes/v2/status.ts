// /v2/status/{text,image,voice,video,delete}: 24-hour statuses (stories), posted to status@broadcast through
// the send pipeline (same outbound rows, rate-limit queue and answers as /v2/send/*), to the listed contacts
// or to every contact the instance knows (reference §2.9).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { SEND_ERRORS_DOC } from '../../../messaging/send/send-errors.js'
import type { ApiDeps } from '../../api-deps.js'
import { statusContactsParam, statusPostParams, type StatusPostKind } from '../../params/status-params.js'
import { authInstance } from '../../plugins/auth.js'
import { accountOpErrors } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE, instanceQuery } from '../../schemas/common.js'
import { sendAnswer } from './send/send-answer.js'
import { QUEUED_DOC, SENT_DOC } from './send/routes.js'

const tags = ['Status']

const doc = (type: string, description: string) => Type.Optional(Type.Unknown({ description: `(${type}) ${description}` }))
const CONTACTS = doc(
  'array',
  'Who sees the status: ["15551234567@c.us", ...] (also JSON text or "a,b"; bare digits and @lid work). Absent, null or [] = every person this instance knows (its contacts and the people it has chatted with); 400 missing_param contacts when it knows nobody yet. The own number is always added.'
)
const FILE = doc('object', 'file[url] or file[data] (base64 or data: URL), file[mimetype], file[filename]; flat bracket keys, a nested object, JSON text or a top-level url')

const AUDIENCE_NOTE =
  'The status goes to status@broadcast for the audience in contacts. Answers like /v2/send/*: 200 with the sent message (its id, e.g. true_status@broadcast_3EB0..., deletes it later) or 202 queued under the instance\'s send policy; statuses count as sent messages.'

interface StatusKind {
  path: string
  /** The post's kind (the outbound row keeps status_<kind>). */
  kind: StatusPostKind
  summary: string
  description: string
  params: Record<string, ReturnType<typeof doc>>
  media: boolean
}

const KINDS: StatusKind[] = [
  {
    path: '/v2/status/text',
    kind: 'text',
    summary: 'Post a text status',
    description: 'text (required); backgroundColor #RRGGBB; font 0-10 (the number of WhatsApp\'s status font); linkPreview and linkPreviewHighQuality are accepted (no preview is generated).',
    params: {
      text: doc('string, required', 'The status text'),
      backgroundColor: doc('string', '#RRGGBB, e.g. #38b42f'),
      font: doc('number', '0-10'),
      linkPreview: doc('boolean', 'Accepted; no preview is generated'),
      contacts: CONTACTS
    },
    media: false,
  },
  {
    path: '/v2/status/image',
    kind: 'image',
    summary: 'Post an image status',
    description: 'file (required; JPEG or PNG by URL or base64) and caption.',
    params: { file: FILE, caption: doc('string', 'Caption'), contacts: CONTACTS },
    media: true,
  },
  {
    path: '/v2/status/voice',
    kind: 'voice',
    summary: 'Post a voice status',
    description: 'file (required); a file that is not OGG/Opus is converted with ffmpeg unless convert=false (as /v2/send/voice); backgroundColor #RRGGBB behind the waveform.',
    params: { file: FILE, convert: doc('boolean', 'Transcode to OGG/Opus'), backgroundColor: doc('string', '#RRGGBB'), contacts: CONTACTS },
    media: true,
  },
  {
    path: '/v2/status/video',
    kind: 'video',
    summary: 'Post a video status',
    description: 'file (required; MP4); convert=true transcodes to H.264/AAC MP4 first; caption.',
    params: { file: FILE, caption: doc('string', 'Caption'), convert: doc('boolean', 'Transcode to MP4'), contacts: CONTACTS },
    media: true,
  },
  {
    path: '/v2/status/delete',
    kind: 'delete',
    summary: 'Delete a status',
    description: 'id (required; messageId is an alias): the id from the status\'s send answer (true_status@broadcast_<id>) or the bare message id. Send it to the same contacts as the status (default: every known contact) so their phones remove it.',
    params: { id: doc('string, required', 'Id of the status'), contacts: CONTACTS },
    media: false,
  }
]

const Answer = Type.Object({}, { additionalProperties: true, description: SENT_DOC })
const Queued = Type.Object({}, { additionalProperties: true, description: QUEUED_DOC })

export async function statusRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { send, statuses } = deps.services
  for (const k of KINDS) {
    app.post(k.path, {
      config: { auth: 'instance' },
      ...(k.media ? { bodyLimit: Math.ceil((send.media.maxBytes * 4) / 3) + 1024 * 1024 } : {}),
      schema: {
        tags,
        summary: k.summary,
        description: `${k.description} ${AUDIENCE_NOTE} 422 session_status_mismatch while the instance is not WORKING. Other errors as the send endpoints: ${SEND_ERRORS_DOC}. ${CREDENTIALS_NOTE}`,
        querystring: instanceQuery(k.params),
        response: { 200: Answer, 202: Queued, ...accountOpErrors }
      }
    }, async (request, reply) => {
      const instanceId = authInstance(request).instance.id
      statuses.ensureWorking(instanceId)
      const post = statusPostParams(k.kind, request.input)
      const answer = sendAnswer(await statuses.post(instanceId, post, statusContactsParam(request.input)))
      if (answer.code === 202) return reply.code(202).send(answer.body)
      return answer.body
    })
  }
}
