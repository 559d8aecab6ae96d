// Errors of the read endpoints and of the chat, message and contact operations (issue 4, part F).
// HTTP statuses live in api/error-status.ts like every other code.
import { domainError, type CodedError } from '../../domain/errors.js'
import { callEngine } from '../../engine/engine-errors.js'

export type ReadsErrorCode =
  | 'message_not_found'
  | 'contact_not_found'
  | 'media_not_found'
  | 'media_too_large'
  | 'not_own_message'
  | 'not_group_admin'
  | 'message_not_editable'
  | 'edit_window_expired'
  | 'media_download_failed'
  | 'engine_request_failed'

export type ReadsError = CodedError<ReadsErrorCode>

const reads = domainError<ReadsErrorCode>

export const readsErrors = {
  messageNotFound: (id: string) =>
    reads('message_not_found', `Message ${id.slice(0, 160)} is not in this instance's message store`,
      'Use an id from /v2/chats/messages, a send response or a webhook; deleted-for-me and cleared messages are gone'),
  contactNotFound: (id: string) =>
    reads('contact_not_found', `No contact ${id.slice(0, 64)} is known to this instance`,
      'Contacts appear once they write, are written to, or sync from the phone; use /v2/contacts/check-exists for any number'),
  mediaNotFound: () => reads('media_not_found', 'No downloaded media file with this name', 'Read the message with downloadMedia=true for its media.url'),
  notOwnMessage: (what: string) => reads('not_own_message', `Only messages sent by this account can be ${what}`, 'Use a message id that starts with true_'),
  notGroupAdmin: () =>
    reads('not_group_admin', "Only group admins can delete other members' messages for everyone", 'Delete it for this account only with forEveryone=false'),
  notEditable: (type: string) =>
    reads('message_not_editable', `A ${type} message cannot be edited; only text messages and captions can`, undefined, {}),
  editWindowExpired: (minutes: number) =>
    reads('edit_window_expired', `Messages can be edited for ${minutes} minutes after sending`, undefined, {}),
  mediaDownloadFailed: (why: string) =>
    reads('media_download_failed', `The media could not be downloaded: ${why.slice(0, 200)}`, 'Retry later; very old media may have expired on the network'),
  engineRequestFailed: (what: string, why: string) =>
    reads('engine_request_failed', `WhatsApp did not complete ${what}: ${why.slice(0, 200)}`,
      'Retry in a few seconds; check /v2/session/info that the session is WORKING')
}

/** Runs a session port call; a failure that is not a domain error is 502 engine_request_failed naming `what`. */
export const engineCall = <T>(what: string, fn: () => Promise<T>): Promise<T> => callEngine(fn, (message) => readsErrors.engineRequestFailed(what, message))
