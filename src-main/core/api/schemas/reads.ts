// TypeBox schemas of the read endpoints and the chat, message and contact operations (issue 4, part F).
// Loose scalars ("true"/"1", numbers as strings) are accepted here and parsed by api/params/read-params.ts.
import { Type } from '@sinclair/typebox'
import { Nullable } from './common.js'

export const LooseBoolean = (description: string) =>
  Type.Optional(Type.Union([Type.Boolean(), Type.String(), Type.Integer()], { description: `${description} (true/false, 1/0)` }))

export const LooseInteger = (description: string) => Type.Optional(Type.Union([Type.Integer(), Type.String()], { description }))

export const ChatIdParam = (description = 'Chat id: <number>@c.us, bare digits (+ and spaces are removed), <number>@s.whatsapp.net, <id>@g.us, <n>@lid or <n>@newsletter') =>
  Type.String({ description, examples: ['15551234567@c.us'] })

export const MessageIdParam = Type.String({
  description: 'Serialized message id {fromMe}_{chatId}_{id}[_{participant}], e.g. true_15551234567@c.us_3EB0ABCDEF; a bare id works together with chatId',
  examples: ['false_15551234567@c.us_3EB0C767D71D2A6A4B2A']
})

export const ApiMessageSchema = Type.Object(
  {
    id: Type.String({ description: 'Serialized id' }),
    timestamp: Type.Number({ description: 'Seconds' }),
    from: Type.String(),
    fromMe: Type.Boolean(),
    source: Type.String({ description: 'api or app' }),
    to: Type.String(),
    participant: Nullable(Type.String()),
    author: Nullable(Type.String()),
    body: Type.String(),
    type: Type.String({ description: 'chat, image, video, ptt, audio, document, sticker, location, vcard, poll_creation, revoked, ...' }),
    hasMedia: Type.Boolean(),
    media: Nullable(
      Type.Object(
        {
          url: Nullable(Type.String({ description: 'Downloaded media, served by this API at /api/files/<instance_id>/<file> with the same credentials' })),
          mimetype: Nullable(Type.String()),
          filename: Nullable(Type.String()),
          error: Nullable(Type.String())
        },
        { additionalProperties: true }
      )
    ),
    ack: Type.Integer({ description: '-1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ, 4 PLAYED' }),
    ackName: Type.String(),
    isEdited: Type.Optional(Type.Boolean()),
    isStarred: Type.Optional(Type.Boolean()),
    reactions: Type.Optional(Type.Array(Type.Object({ text: Type.String(), senderId: Type.String(), timestamp: Type.Number() }))),
    location: Nullable(Type.Object({}, { additionalProperties: true })),
    vCards: Type.Array(Type.String()),
    replyTo: Nullable(Type.Object({}, { additionalProperties: true })),
    pushName: Nullable(Type.String()),
    _data: Type.Unknown({ description: 'The Baileys WebMessageInfo as JSON' })
  },
  { additionalProperties: true, description: 'Message (WAHA WAMessage with the flat keys of the hosted API)' }
)

export const ProfilePictureAnswer = Type.Object({
  id: Type.String({ description: 'Chat or contact id' }),
  url: Type.Union([Type.String(), Type.Null()], { description: 'null: no picture, or hidden by the owner\'s privacy settings' }),
  profilePictureURL: Type.Union([Type.String(), Type.Null()], { description: 'Same as url (WAHA name)' }),
  cached: Type.Boolean({ description: 'Answered from the 24-hour cache' }),
  fetchedAt: Type.Number({ description: 'When the network was asked (ms)' })
})

export const SuccessAnswer = Type.Object({ success: Type.Boolean(), message: Type.Optional(Type.String()) }, { additionalProperties: true })
