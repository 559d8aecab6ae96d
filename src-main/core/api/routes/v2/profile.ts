// /v2/profile...: the instance's own WhatsApp profile — read it, set the display name and the About text,
// upload or delete the picture (reference §2.6; POST as the hosted API's callers use, PUT as WAHA).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { pictureLimits } from '../../../account/images.js'
import { readMediaParam } from '../../../messaging/send/media-input.js'
import { coreErrors } from '../../../domain/core-errors.js'
import type { ApiDeps } from '../../api-deps.js'
import { authInstance } from '../../plugins/auth.js'
import type { Params } from '../../request-params.js'
import { accountOpErrors, NOT_WORKING_NOTE, SuccessAnswer } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE, instanceQuery, Nullable } from '../../schemas/common.js'

const tags = ['Profile']

const Profile = Type.Object({
  id: Type.String({ description: 'Own chat id, <number>@c.us' }),
  lid: Nullable(Type.String()),
  name: Nullable(Type.String({ description: 'Display (push) name' })),
  about: Nullable(Type.String({ description: 'The About text' })),
  picture: Nullable(Type.String({ description: 'URL of the full-size profile picture; null when there is none' }))
})

const note = `${NOT_WORKING_NOTE} ${CREDENTIALS_NOTE}`

function textParam(input: Params, names: string[], max: number, allowEmpty = false): string {
  const key = names.find((n) => input[n] !== undefined)
  const value = key === undefined ? undefined : input[key]
  if (value === undefined || (!allowEmpty && (typeof value !== 'string' || !value.trim()))) throw coreErrors.missingParam([names[0]!])
  if (typeof value !== 'string') throw coreErrors.invalidParam(names[0]!, 'expected text')
  if (value.length > max) throw coreErrors.invalidParam(names[0]!, `at most ${max} characters`)
  return allowEmpty ? value : value.trim()
}

export async function profileRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { profile } = deps.services
  const config = { auth: 'instance' as const }
  const instanceOf = (request: FastifyRequest) => authInstance(request).instance.id
  const ok = { success: true as const }

  app.get('/v2/profile', {
    config,
    schema: {
      tags,
      summary: 'Own profile',
      description: `Answers {id, lid, name, about, picture} of the account this instance is linked to, read from the network (WAHA's {id, name, picture} plus lid and about). ${note}`,
      querystring: instanceQuery(),
      response: { 200: Profile, ...accountOpErrors }
    }
  }, async (request) => profile.get(instanceOf(request)))

  app.route({
    method: ['POST', 'PUT'],
    url: '/v2/profile/name',
    config,
    schema: {
      tags,
      summary: 'Set the display name',
      description: `name (required, up to 25 characters as on the phone). Synced to the phone and the account's other devices, and announced to contacts. Answers {success:true}. POST and PUT. ${note}`,
      querystring: instanceQuery({ name: Type.Optional(Type.String()) }),
      response: { 200: SuccessAnswer, ...accountOpErrors }
    },
    handler: async (request) => {
      await profile.setName(instanceOf(request), textParam(request.input, ['name'], 25))
      return ok
    }
  })

  app.route({
    method: ['POST', 'PUT'],
    url: '/v2/profile/status',
    config,
    schema: {
      tags,
      summary: 'Set the About text',
      description: `status (required; about is an alias; up to 139 characters; an empty string clears it). Answers {success:true}. POST and PUT. ${note}`,
      querystring: instanceQuery({ status: Type.Optional(Type.String()), about: Type.Optional(Type.String()) }),
      response: { 200: SuccessAnswer, ...accountOpErrors }
    },
    handler: async (request) => {
      await profile.setAbout(instanceOf(request), textParam(request.input, ['status', 'about'], 139, true))
      return ok
    }
  })

  app.route({
    method: ['POST', 'PUT'],
    url: '/v2/profile/picture',
    config,
    bodyLimit: 16 * 1024 * 1024,
    schema: {
      tags,
      summary: 'Upload the profile picture',
      description: `file by URL or base64 as the send endpoints take it: file:{url|data, mimetype, filename}, flat file[url] / file[data], or a top-level url. JPEG or PNG up to 10 MiB; the engine crops it to a square and scales it. 400 invalid_media for files that are not images; the file errors of the send endpoints otherwise (400 invalid_base64 / invalid_file_url, 413 file_too_large, 422 file_unreachable; loopback and private addresses are fetched only in the sandbox). Answers {success:true}. POST and PUT. ${note}`,
      querystring: instanceQuery({ file: Type.Optional(Type.Unknown()), url: Type.Optional(Type.String()) }),
      response: { 200: SuccessAnswer, ...accountOpErrors }
    },
    handler: async (request) => {
      const file = await readMediaParam(request.input, pictureLimits(deps.network))
      await profile.setPicture(instanceOf(request), file.data, 'file')
      return ok
    }
  })

  app.delete('/v2/profile/picture', {
    config,
    schema: {
      tags,
      summary: 'Delete the profile picture',
      description: `Answers {success:true} (also when there was none). ${note}`,
      querystring: instanceQuery(),
      response: { 200: SuccessAnswer, ...accountOpErrors }
    }
  }, async (request) => {
    await profile.deletePicture(instanceOf(request))
    return ok
  })
}
