// LID <-> phone number mappings the instance knows: /v2/lids, /v2/lids/count, /v2/lids/pn/{number},
// /v2/lids/{lid}. From the store; a phone number not in it is asked of the network while WORKING.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { coreErrors } from '../../../domain/core-errors.js'
import { toApiChatId, toWaJid } from '../../../messaging/chat-ids.js'
import type { ApiDeps } from '../../api-deps.js'
import { paging } from '../../params/list-params.js'
import { pathParam } from '../../path-params.js'
import { authInstance } from '../../plugins/auth.js'
import { CREDENTIALS_NOTE, instanceQuery, standardErrors } from '../../schemas/common.js'
import { LooseInteger } from '../../schemas/reads.js'

const tags = ['Contacts']
const errors = { ...standardErrors, 502: standardErrors[500] }

const Pair = Type.Object({
  lid: Type.Union([Type.String(), Type.Null()], { description: '<n>@lid; null when unknown' }),
  pn: Type.Union([Type.String(), Type.Null()], { description: '<number>@c.us; null when unknown' }),
  number: Type.Union([Type.String(), Type.Null()], { description: 'Digits of the phone number (the hosted docs\' name)' })
})

const digitsOf = (pn: string | null) => (pn ? pn.replace(/@.*$/, '') : null)

export async function lidRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const reads = deps.services.reads

  app.get('/v2/lids', {
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: 'LID to phone number mappings',
      description: `[{lid:"<n>@lid", pn:"<number>@c.us"}] ordered by lid; limit (default 100, at most 1000), offset. ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery({ limit: LooseInteger('1 to 1000, default 100; 0 = no limit (the maximum, 1000)'), offset: LooseInteger('default 0') }),
      response: { 200: Type.Array(Type.Object({ lid: Type.String(), pn: Type.String() })), ...standardErrors }
    }
  }, async (request) => {
    const { instance } = authInstance(request)
    return reads.listLids(instance.id, paging(request.input, 100)).map((m) => ({ lid: m.lid, pn: toApiChatId(m.pn) }))
  })

  app.get('/v2/lids/count', {
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: 'How many LID mappings are known',
      description: `Answers {count} (WAHA's shape; the hosted docs call it "a simple integer": it is the count field). ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery(),
      response: { 200: Type.Object({ count: Type.Integer() }), ...standardErrors }
    }
  }, async (request) => {
    const { instance } = authInstance(request)
    return { count: reads.countLids(instance.id) }
  })

  app.get('/v2/lids/pn/:number', {
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: 'The LID of a phone number',
      description: `number: digits (or <number>@c.us). Answers {lid, pn, number}; lid is null when neither the store nor (while WORKING) the network knows it. ${CREDENTIALS_NOTE}`,
      params: Type.Object({ number: Type.String() }),
      querystring: instanceQuery(),
      response: { 200: Pair, ...errors }
    }
  }, async (request) => {
    const { instance } = authInstance(request)
    const raw = pathParam(request, 'number') ?? ''
    const pn = toWaJid(raw)
    if (!pn.endsWith('@s.whatsapp.net')) throw coreErrors.invalidParam('number', 'expected a phone number with its country code')
    const { lid } = await reads.lidOfPn(instance.id, pn)
    return { lid, pn: toApiChatId(pn), number: digitsOf(toApiChatId(pn)) }
  })

  app.get('/v2/lids/:lid', {
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: 'The phone number of a LID',
      description: `lid: <n>@lid (percent-encoded @ works) or its digits. Answers {lid, pn, number}; pn is null when unknown. ${CREDENTIALS_NOTE}`,
      params: Type.Object({ lid: Type.String() }),
      querystring: instanceQuery(),
      response: { 200: Pair, ...errors }
    }
  }, async (request) => {
    const { instance } = authInstance(request)
    const raw = (pathParam(request, 'lid') ?? '').trim()
    const digits = raw.replace(/@lid$/i, '')
    if (!/^[0-9]{1,25}(:[0-9]+)?$/.test(digits)) throw coreErrors.invalidParam('lid', 'expected <n>@lid or its digits')
    const { lid, pn } = await reads.pnOfLid(instance.id, `${digits}@lid`)
    const apiPn = pn ? toApiChatId(pn) : null
    return { lid, pn: apiPn, number: digitsOf(apiPn) }
  })
}
