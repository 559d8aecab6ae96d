// /v2/groups...: WAHA's group paths with /api/{session} replaced by /v2 (reference §2.11). The group id
// travels in the path, raw (120363...@g.us) or percent-encoded; mutations go through the group rate limit.
import { Type, type TSchema } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify'
import { inviteUrl, toApiGroup, toApiParticipant } from '../../../account/groups/group-mapper.js'
import type { GroupSetting } from '../../../account/groups/group-service.js'
import { readMediaParam } from '../../params/media-param.js'
import type { ApiDeps } from '../../api-deps.js'
import {
  adminsOnlyOf,
  descriptionOf,
  groupJidOf,
  groupListPage,
  groupNameOf,
  inviteCodeOf,
  newGroupParticipants,
  participantJids,
  subjectOf
} from '../../params/group-params.js'
import { pathParam } from '../../path-params.js'
import { stringParam } from '../../request-params.js'
import { NOT_WORKING_NOTE, SuccessAnswer } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE, Nullable } from '../../schemas/common.js'
import { aliasOf, done, instanceAuth as config, instanceIdOf as instanceOf, opSchemas } from './account-route-kit.js'

const tags = ['Groups']

const Participant = Type.Object({
  id: Type.String({ description: '<number>@c.us when the phone number is known, else <number>@lid' }),
  pn: Nullable(Type.String()),
  lid: Nullable(Type.String()),
  admin: Nullable(Type.Union([Type.Literal('admin'), Type.Literal('superadmin')])),
  role: Type.Union([Type.Literal('participant'), Type.Literal('admin'), Type.Literal('superadmin')]),
  isAdmin: Type.Boolean(),
  isSuperAdmin: Type.Boolean()
})

const Group = Type.Object({
  id: Type.String({ description: '<number>@g.us' }),
  subject: Type.String(),
  subjectOwner: Nullable(Type.String()),
  subjectTime: Nullable(Type.Number()),
  creation: Nullable(Type.Number()),
  owner: Nullable(Type.String()),
  desc: Nullable(Type.String()),
  descId: Nullable(Type.String()),
  descOwner: Nullable(Type.String()),
  descTime: Nullable(Type.Number()),
  restrict: Type.Boolean({ description: 'Only admins edit the group info (info-admin-only)' }),
  announce: Type.Boolean({ description: 'Only admins send messages (messages-admin-only)' }),
  memberAddMode: Type.Boolean(),
  joinApprovalMode: Type.Boolean(),
  isCommunity: Type.Boolean(),
  size: Type.Number(),
  addressingMode: Type.Union([Type.Literal('pn'), Type.Literal('lid')]),
  ephemeralDuration: Nullable(Type.Number()),
  participants: Type.Optional(Type.Array(Participant))
})

const ParticipantResult = Type.Object({
  id: Type.String({ description: 'The participant, <number>@c.us when the phone number is known' }),
  jid: Type.String({ description: 'The id as the network answered it (@c.us or @lid)' }),
  status: Type.String({ description: "'200' done; otherwise the network's code: 403 not allowed, 404 not on WhatsApp / not a participant, 409 already a participant..." }),
  success: Type.Boolean(),
  error: Nullable(Type.String())
})

const InviteAnswer = Type.Object({ code: Type.String(), url: Type.String({ description: 'https://chat.whatsapp.com/<code>' }) })
const AdminsOnly = Type.Object({ adminsOnly: Type.Boolean() })
const IdParams = Type.Object({ id: Type.String({ description: 'Group id <number>@g.us (raw or percent-encoded; the @g.us suffix may be left out)' }) })

const PARTICIPANTS_DOC = Type.Optional(
  Type.Unknown({ description: 'participants: [{"id":"15551234567@c.us"}], ["15551234567@c.us"], "15551234567,15557654321" or the same as JSON text; bare digits, @c.us, @s.whatsapp.net and @lid ids are accepted' })
)
const FILE_DOC = {
  file: Type.Optional(Type.Unknown({ description: 'file:{url|data, mimetype, filename} or flat file[url] / file[data] (base64); a top-level url also works' })),
  url: Type.Optional(Type.String())
}

const groupsNote = `${NOT_WORKING_NOTE} Errors: 404 group_not_found, 403 not_group_member (this account is not in the group), 403 not_group_admin (admin rights needed), 400 invalid_param naming the parameter. ${CREDENTIALS_NOTE}`
const pacedNote =
  'Counts against the instance\'s group_req_per_minute and group_daily_cap: a call waits up to 20 s for its slot, a longer wait answers 429 rate_limited (details.retry_after_ms), the daily cap 429 daily_cap_reached (details.resets_at).'

export async function groupRoutes(untyped: FastifyInstance, deps: ApiDeps): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>()
  const { groups } = deps.services

  const gidOf = (request: FastifyRequest) => groupJidOf(pathParam(request, 'id'))
  const opSchema = opSchemas(tags, groupsNote)
  /** An operation on the whole collection (no group id in the path). */
  const listSchema = (summary: string, description: string, response: TSchema, query: Record<string, TSchema> = {}) => opSchema(summary, description, response, { query })
  /** An operation on the group named in the path. */
  const schema = (summary: string, description: string, response: TSchema, query: Record<string, TSchema> = {}) => opSchema(summary, description, response, { query, params: IdParams })
  /** A route on the group named in the path: `run` gets the instance and the group id, read before anything else. */
  const onGroup = (method: HTTPMethods, path: string, schema: FastifySchema, run: (instanceId: string, gid: string, request: FastifyRequest) => Promise<unknown>) =>
    untyped.route({ method, url: `/v2/groups/:id${path}`, config, schema, handler: async (request) => run(instanceOf(request), gidOf(request), request) })
  const invite = async (code: Promise<string>) => {
    const value = await code
    return { code: value, url: inviteUrl(value) }
  }

  // ---- collection -----------------------------------------------------------------------------------------

  app.get('/v2/groups', {
    config,
    schema: listSchema('List groups', 'The groups this account is a participant of, read from the network at most every 15 s per instance (POST /v2/groups/refresh forces a read; own changes are seen at once). Sorted by sortBy (id, subject, creation, size; default id) and sortOrder (ASC default, DESC); limit and offset page; exclude=participants leaves the member lists out. Answers an array (WAHA).', Type.Array(Group), {
      limit: Type.Optional(Type.String()),
      offset: Type.Optional(Type.String()),
      sortBy: Type.Optional(Type.String()),
      sortOrder: Type.Optional(Type.String()),
      exclude: Type.Optional(Type.String({ description: 'participants' }))
    })
  }, async (request) => groupListPage((await groups.list(instanceOf(request))).map(toApiGroup), request.input))

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const name = groupNameOf(request.input)
    const participants = newGroupParticipants(request.input)
    return reply.code(201).send(toApiGroup(await groups.create(instanceOf(request), name, participants)))
  }
  const createSchema = opSchema.created('Create a group', `name (or subject, required, up to 100 characters) and participants (optional; the creator is added as superadmin). Answers 201 with the new group (WAHA). Both POST /v2/groups and POST /v2/groups/create. ${pacedNote}`, Group, {
    query: { name: Type.Optional(Type.String()), subject: Type.Optional(Type.String()), participants: PARTICIPANTS_DOC }
  })
  app.post('/v2/groups', { config, schema: createSchema }, create)
  app.post('/v2/groups/create', { config, schema: aliasOf(createSchema) }, create)

  app.get('/v2/groups/count', {
    config,
    schema: listSchema('Count groups', 'The number of groups this account is in, as {count} (same 15 s cache as the list).', Type.Object({ count: Type.Integer() }))
  }, async (request) => ({ count: (await groups.list(instanceOf(request))).length }))

  app.post('/v2/groups/refresh', {
    config,
    schema: listSchema('Refresh groups from the network', 'Re-reads the list of groups from the network now; answers {success:true, count}.', Type.Object({ success: Type.Literal(true), count: Type.Integer() }))
  }, async (request) => ({ success: true as const, count: (await groups.list(instanceOf(request), { refresh: true })).length }))

  const INVITE_QUERY = { code: Type.Optional(Type.String()), url: Type.Optional(Type.String()) }
  app.get('/v2/groups/join-info', {
    config,
    schema: listSchema('Group preview by invite', 'The group behind an invite: code (a bare code or a https://chat.whatsapp.com/<code> link; url and link are aliases). 404 invite_not_found for unknown or revoked codes.', Group, INVITE_QUERY)
  }, async (request) => toApiGroup(await groups.inviteInfo(instanceOf(request), inviteCodeOf(request.input))))

  app.post('/v2/groups/join', {
    config,
    schema: listSchema(`Join a group by invite`, `code or url (a bare code or a https://chat.whatsapp.com/<code> link). Answers {id} of the group joined. 404 invite_not_found. ${pacedNote}`, Type.Object({ id: Type.String() }), INVITE_QUERY)
  }, async (request) => ({ id: await groups.join(instanceOf(request), inviteCodeOf(request.input)) }))

  // ---- one group ------------------------------------------------------------------------------------------

  // The Python SDK's spelling of "get one": the id as a parameter.
  app.get('/v2/groups/detail', {
    config,
    schema: listSchema('Get a group (id as a parameter)', 'groupId (or id): the group id. Same answer as GET /v2/groups/{id}.', Group, { groupId: Type.Optional(Type.String()), id: Type.Optional(Type.String()) })
  }, async (request) => {
    const gid = groupJidOf(stringParam(request.input, 'groupId') ?? stringParam(request.input, 'id'), 'groupId')
    return toApiGroup(await groups.get(instanceOf(request), gid))
  })

  onGroup('GET', '', schema('Get a group', 'The group read from the network now (subject, description, settings, participants with their roles).', Group),
    async (id, gid) => toApiGroup(await groups.get(id, gid)))

  onGroup('DELETE', '', schema('Delete a group', `WhatsApp has no single "delete group" request: like the phone app, an admin removes every other participant and then leaves, after which the group is gone. Answers {success, removed, failed}; failed lists participants that could not be removed (the creator cannot be removed by another admin), in which case the group lives on without this account. 403 not_group_admin for non-admins. ${pacedNote}`, Type.Object({ success: Type.Literal(true), removed: Type.Array(Type.String()), failed: Type.Array(ParticipantResult) })),
    async (id, gid) => ({ success: true as const, ...(await groups.delete(id, gid)) }))

  onGroup('POST', '/leave', schema('Leave a group', `Answers {success:true}. ${pacedNote}`, SuccessAnswer), (id, gid) => done(groups.leave(id, gid)))

  // ---- picture --------------------------------------------------------------------------------------------

  onGroup('GET', '/picture', schema('Group picture', 'Answers {url} of the full-size picture, url null when the group has none. refresh is accepted; pictures are always read from the network.', Type.Object({ url: Nullable(Type.String()) }), { refresh: Type.Optional(Type.String()) }),
    async (id, gid) => ({ url: await groups.pictureUrl(id, gid) }))

  app.put('/v2/groups/:id/picture', {
    config,
    bodyLimit: 16 * 1024 * 1024,
    schema: schema('Set the group picture', `file by URL or base64 (JPEG or PNG; cropped to a square and scaled by the engine; up to 10 MiB). Members may change it unless the group is info-admin-only. Answers {success:true}. ${pacedNote}`, SuccessAnswer, FILE_DOC)
  }, async (request) => {
    // The file is read (and refused) before the group id is looked at.
    const file = await readMediaParam(request.input, groups.pictureLimits)
    return done(groups.setPicture(instanceOf(request), gidOf(request), file.data, 'file'))
  })

  onGroup('DELETE', '/picture', schema('Delete the group picture', `Answers {success:true}. ${pacedNote}`, SuccessAnswer), (id, gid) => done(groups.deletePicture(id, gid)))

  // ---- subject and description ----------------------------------------------------------------------------

  onGroup('PUT', '/subject', schema('Set the subject', `subject (required, up to 100 characters). Answers true (WAHA). ${pacedNote}`, Type.Boolean(), { subject: Type.Optional(Type.String()) }),
    async (id, gid, request) => {
      await groups.setSubject(id, gid, subjectOf(request.input))
      return true
    })

  app.put('/v2/groups/:id/description', {
    config,
    schema: schema('Set the description', `description (required; an empty string removes it; up to 2048 characters). Answers true (WAHA). ${pacedNote}`, Type.Boolean(), { description: Type.Optional(Type.String()) })
  }, async (request) => {
    const description = descriptionOf(request.input)
    await groups.setDescription(instanceOf(request), gidOf(request), description)
    return true
  })

  // ---- settings -------------------------------------------------------------------------------------------

  const setting = (path: string, which: GroupSetting, what: string) => {
    onGroup('GET', `/settings/security/${path}`, schema(`Get ${which}`, `Answers {adminsOnly}: whether only admins ${what}.`, AdminsOnly),
      async (id, gid) => ({ adminsOnly: await groups.setting(id, gid, which) }))
    app.put(`/v2/groups/:id/settings/security/${path}`, {
      config,
      schema: schema(`Set ${which}`, `adminsOnly (boolean, also "true"/"false"/1/0; default true as in WAHA): whether only admins ${what}. Answers {adminsOnly} as set. Admins only. ${pacedNote}`, AdminsOnly, { adminsOnly: Type.Optional(Type.Unknown()) })
    }, async (request) => {
      const adminsOnly = adminsOnlyOf(request.input)
      await groups.setSetting(instanceOf(request), gidOf(request), which, adminsOnly)
      return { adminsOnly }
    })
  }
  setting('info-admin-only', 'info-admin-only', 'edit the group info (subject, description, picture)')
  setting('messages-admin-only', 'messages-admin-only', 'send messages')

  // ---- invite code ----------------------------------------------------------------------------------------

  onGroup('GET', '/invite-code', schema('Get the invite code', 'Answers {code, url}: code is the bare invite code, url the https://chat.whatsapp.com/<code> link WAHA answers as a bare string. Deliberately an object, not the bare JSON string of the reference\'s WAHA-derived guess (no hosted page documents this operation): a top-level string breaks clients that read fields of the answer, and both values are here. Admins only (403 not_group_admin).', InviteAnswer),
    (id, gid) => invite(groups.inviteCode(id, gid)))

  onGroup('POST', '/invite-code/revoke', schema('Revoke the invite code', `The old link stops working; answers the new {code, url} (an object rather than WAHA\'s bare string, as GET invite-code). Admins only. ${pacedNote}`, InviteAnswer),
    (id, gid) => invite(groups.revokeInvite(id, gid)))

  // ---- participants ---------------------------------------------------------------------------------------

  const participants = async (id: string, gid: string) => (await groups.get(id, gid)).participants.map(toApiParticipant)
  onGroup('GET', '/participants', schema('Participants', 'Every participant with both identities (pn, lid) and role (participant, admin, superadmin), in PN and LID addressed groups alike.', Type.Array(Participant)), participants)
  // WAHA's newer participants endpoint ([{id, role}]): the same list, whose items carry id and role already.
  onGroup('GET', '/participants/v2', schema('Participants (WAHA v2 path)', 'Alias of /v2/groups/{id}/participants for clients written against WAHA\'s participants/v2: the same items, which carry WAHA v2\'s {id, role} (participant, admin, superadmin).', Type.Array(Participant)), participants)

  const participantsOp = (path: string, action: 'add' | 'remove' | 'promote' | 'demote', summary: string) =>
    onGroup('POST', `/${path}`, schema(summary, `participants (required). Partial success: answers 200 with one result per participant ({id, status, success, error}); the call itself fails only when this account may not do it (403 not_group_admin) or the group is unknown. ${pacedNote}`, Type.Array(ParticipantResult), { participants: PARTICIPANTS_DOC }),
      (id, gid, request) => groups.updateParticipants(id, gid, participantJids(request.input), action))
  participantsOp('participants/add', 'add', 'Add participants')
  participantsOp('participants/remove', 'remove', 'Remove participants')
  participantsOp('admin/promote', 'promote', 'Promote participants to admin')
  participantsOp('admin/demote', 'demote', 'Demote admins to participants')
}
