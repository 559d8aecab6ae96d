// Errors of the read endpoints and of the chat, message and contact operations (issue 4, part F).
// HTTP statuses live in api/error-status.ts like every other code.
import { DomainError, type ErrorDetails } from '../../domain/errors.js'

export type ReadsErrorCode =
  | 'message_not_found'
  | 'contact_not_found'
  | 'media_not_found'
  | 'not_own_message'
  | 'not_group_admin'
  | 'message_not_editable'
  | 'edit_window_expired'
  | 'media_download_failed'
  | 'engine_request_failed'

export class ReadsError extends DomainError {
  constructor(code: ReadsErrorCode, message: string, details?: ErrorDetails) {
    super(code, message, details)
  }
}

export const readsErrors = {
  messageNotFound: (id: string) =>
    new ReadsError('message_not_found', `Message ${id.slice(0, 160)} is not in this instance's message store`, {
      recommendation: 'Use an id from /v2/chats/messages, a send response or a webhook; deleted-for-me and cleared messages are gone'
    }),
  contactNotFound: (id: string) =>
    new ReadsError('contact_not_found', `No contact ${id.slice(0, 64)} is known to this instance`, {
      recommendation: 'Contacts appear once they write, are written to, or sync from the phone; use /v2/contacts/check-exists for any number'
    }),
  mediaNotFound: () => new ReadsError('media_not_found', 'No downloaded media file with this name', { recommendation: 'Read the message with downloadMedia=true for its media.url' }),
  notOwnMessage: (what: string) =>
    new ReadsError('not_own_message', `Only messages sent by this account can be ${what}`, { recommendation: 'Use a message id that starts with true_' }),
  notGroupAdmin: () =>
    new ReadsError('not_group_admin', "Only group admins can delete other members' messages for everyone", {
      recommendation: 'Delete it for this account only with forEveryone=false'
    }),
  notEditable: (type: string) =>
    new ReadsError('message_not_editable', `A ${type} message cannot be edited; only text messages and captions can`, {}),
  editWindowExpired: (minutes: number) =>
    new ReadsError('edit_window_expired', `Messages can be edited for ${minutes} minutes after sending`, {}),
  mediaDownloadFailed: (why: string) =>
    new ReadsError('media_download_failed', `The media could not be downloaded: ${why.slice(0, 200)}`, {
      recommendation: 'Retry later; very old media may have expired on the network'
    }),
  engineRequestFailed: (what: string, why: string) =>
    new ReadsError('engine_request_failed', `WhatsApp did not complete ${what}: ${why.slice(0, 200)}`, {
      recommendation: 'Retry in a few seconds; check /v2/session/info that the session is WORKING'
    })
}
