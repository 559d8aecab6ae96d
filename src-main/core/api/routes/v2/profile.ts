// /v2/profile...: the instance's own WhatsApp profile — read it, set the display name and the About text,
// upload or delete the picture (reference §2.6; POST as the hosted API's callers use, PUT as WAHA).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { readMediaParam } from '../../params/media-param.js'
import type { ApiDeps } from '../../api-deps.js'
import { aboutOf, profileNameOf } from '../../params/profile-params.js'
import { NOT_WORKING_NOTE, SuccessAnswer } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE, Nullable } from '../../schemas/common.js'
import { done, instanceAuth as config, instanceIdOf as instanceOf, opSchemas } from './account-route-kit.js'

const tags = ['Profile']

const Profile = Type.Object({
  id: Type.String({ description: 'Own chat id, <number>@c.us' }),
  lid: Nullable(Type.String()),
  name: Nullable(Type.String({ description: 'Display (push) name' })),
  about: Nullable(Type.String({ description: 'The About text' })),
  picture: Nullable(Type.String({ description: 'URL of the full-size profile picture; null when there is none' }))
})

const note = `${NOT_WORKING_NOTE} ${CREDENTIALS_NOTE}`

export async function profileRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { profile } = deps.services
  const schema = opSchemas(tags, note)

  app.get('/v2/profile', {
    config,
    schema: schema('Own profile', 'Answers {id, lid, name, about, picture} of the account this instance is linked to, read from the network (WAHA\'s {id, name, picture} plus lid and about).', Profile)
  }, async (request) => profile.get(instanceOf(request)))

  app.route({
    method: ['POST', 'PUT'],
    url: '/v2/profile/name',
    config,
    schema: schema('Set the display name', 'name (required, up to 25 characters as on the phone). Synced to the phone and the account\'s other devices, and announced to contacts. Answers {success:true}. POST and PUT.', SuccessAnswer, { query: { name: Type.Optional(Type.String()) } }),
    handler: async (request) => done(profile.setName(instanceOf(request), profileNameOf(request.input)))
  })

  app.route({
    method: ['POST', 'PUT'],
    url: '/v2/profile/status',
    config,
    schema: schema('Set the About text', 'status (required; about is an alias; up to 139 characters; an empty string clears it). Answers {success:true}. POST and PUT.', SuccessAnswer, { query: { status: Type.Optional(Type.String()), about: Type.Optional(Type.String()) } }),
    handler: async (request) => done(profile.setAbout(instanceOf(request), aboutOf(request.input)))
  })

  app.route({
    method: ['POST', 'PUT'],
    url: '/v2/profile/picture',
    config,
    bodyLimit: 16 * 1024 * 1024,
    schema: schema('Upload the profile picture', 'file by URL or base64 as the send endpoints take it: file:{url|data, mimetype, filename}, flat file[url] / file[data], or a top-level url. JPEG or PNG up to 10 MiB; the engine crops it to a square and scales it. 400 invalid_media for files that are not images; the file errors of the send endpoints otherwise (400 invalid_base64 / invalid_file_url, 413 file_too_large, 422 file_unreachable; loopback and private addresses are fetched only in the sandbox). Answers {success:true}. POST and PUT.', SuccessAnswer, {
      query: { file: Type.Optional(Type.Unknown()), url: Type.Optional(Type.String()) }
    }),
    handler: async (request) => {
      const file = await readMediaParam(request.input, profile.pictureLimits)
      return done(profile.setPicture(instanceOf(request), file.data, 'file'))
    }
  })

  app.delete('/v2/profile/picture', {
    config,
    schema: schema('Delete the profile picture', 'Answers {success:true} (also when there was none).', SuccessAnswer)
  }, async (request) => done(profile.deletePicture(instanceOf(request))))
}
