// Errors of the account operations (groups, labels, profile, presence, status, channels). HTTP statuses of
// these codes live in api/error-status.ts; "the session is not WORKING" reuses the core's 422 code.
import { domainError, type CodedError } from '../domain/errors.js'

export type AccountErrorCode =
  | 'group_not_found'
  | 'not_group_member'
  | 'not_group_admin'
  | 'invite_not_found'
  | 'label_not_found'
  | 'channel_not_found'
  | 'not_channel_admin'
  | 'channel_not_followed'
  | 'invalid_media'
  | 'invalid_chat_id'

export type AccountError = CodedError<AccountErrorCode>

const account = domainError<AccountErrorCode>

export const accountErrors = {
  groupNotFound: (id: string) => account('group_not_found', `Group ${id} does not exist`, 'List the groups of the instance with GET /v2/groups'),
  notGroupMember: (id: string) =>
    account('not_group_member', `This account is not a participant of group ${id}`, 'Join the group first (POST /v2/groups/join with an invite code)'),
  notGroupAdmin: (id: string) =>
    account('not_group_admin', `This operation needs admin rights in group ${id}`, 'Ask an admin of the group to promote this account'),
  inviteNotFound: () =>
    account('invite_not_found', 'The invite code is unknown, revoked or expired', 'Ask an admin of the group for a fresh invite link'),
  labelNotFound: (id: string) => account('label_not_found', `Label ${id} does not exist`, 'List the labels with GET /v2/labels'),
  channelNotFound: (id: string) =>
    account('channel_not_found', `Channel ${id} does not exist`,
      'Use a channel id (<number>@newsletter) or an invite code / https://whatsapp.com/channel/<code> link'),
  notChannelAdmin: (id: string) =>
    account('not_channel_admin', `This operation needs the owner or an admin of channel ${id}`,
      'Only channels this account created (or administers) can be changed or deleted'),
  channelNotFollowed: (id: string) =>
    account('channel_not_followed', `This account does not follow channel ${id}`, 'Follow it first (POST /v2/channels/{id}/follow)'),
  invalidMedia: (param: string, why: string) =>
    account('invalid_media', `${param} is not a usable file: ${why}`, 'Send a JPEG or PNG image (URL or base64)', { invalid: [param] }),
  invalidChatId: (param: string, value: string) =>
    account('invalid_chat_id', `${param} "${value.slice(0, 64)}" is not a chat id`,
      'Use digits with the country code (e.g. 15551234567), <number>@c.us, a group id <number>@g.us or a channel id <number>@newsletter',
      { invalid: [param] })
}
