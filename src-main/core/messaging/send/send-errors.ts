// Errors of the send pipeline. Every code has its HTTP status in api/error-status.ts and is listed in the
// OpenAPI description of the send routes (SEND_ERRORS_DOC), so clients can tell them apart. "Not WORKING" is
// the core's session_status_mismatch, the one code every operation that needs a WORKING session answers.
import { DomainError, type ErrorDetails } from '../../domain/errors.js'

export class SendError extends DomainError {
  constructor(code: SendErrorCode, message: string, details?: ErrorDetails) {
    super(code, message, details)
  }
}

export type SendErrorCode =
  | 'session_status_mismatch'
  | 'not_on_whatsapp'
  | 'chat_not_found'
  | 'invalid_base64'
  | 'invalid_file_url'
  | 'file_unreachable'
  | 'file_too_large'
  | 'conversion_failed'
  | 'converter_unavailable'
  | 'poll_not_found'
  | 'invalid_poll_option'
  | 'send_failed'

export const sendErrors = {
  notWorking: (status: string) =>
    new SendError('session_status_mismatch', `The session is ${status}; sending needs WORKING`, {
      status,
      recommendation: 'Start the session and wait for status WORKING (GET /v2/session/info), then retry'
    }),
  notOnWhatsApp: (chatId: string) =>
    new SendError('not_on_whatsapp', `${chatId} is not a WhatsApp account`, {
      chatId,
      recommendation: 'Check the number: digits with the country code, no leading 0 or +'
    }),
  chatNotFound: (chatId: string, why: string) =>
    new SendError('chat_not_found', `The chat ${chatId} is unknown to this account: ${why}`, {
      chatId,
      recommendation: 'Use a group the account belongs to, or a person chat id <number>@c.us'
    }),
  invalidBase64: (param: string) =>
    new SendError('invalid_base64', `${param} is not valid base64`, { invalid: [param], recommendation: 'Send the file bytes base64-encoded (a data: URL is accepted too)' }),
  invalidFileUrl: (param: string, why: string) =>
    new SendError('invalid_file_url', `${param}: ${why}`, { invalid: [param], recommendation: 'Use a public http(s) URL of the file, or send it base64-encoded in file[data]' }),
  fileUnreachable: (url: string, why: string) =>
    new SendError('file_unreachable', `The file could not be fetched from ${url.slice(0, 200)}: ${why}`, {
      recommendation: 'Check that the URL answers 200 from this machine, or send the file base64-encoded in file[data]'
    }),
  fileTooLarge: (limit: number) =>
    new SendError('file_too_large', `The file is larger than ${limit} bytes`, { limit, recommendation: 'Send a smaller file' }),
  conversionFailed: (why: string) =>
    new SendError('conversion_failed', `The file could not be converted: ${why.slice(0, 300)}`, {
      recommendation: 'Send a valid audio/video file (MP3, WAV, AAC, OGG; MP4, MOV, WEBM), or send it ready-made with convert=false'
    }),
  converterUnavailable: (why: string) =>
    new SendError('converter_unavailable', `The media converter (ffmpeg) is not available: ${why.slice(0, 200)}`, {
      recommendation: 'Reinstall Switchboard, or send OGG/Opus voice and MP4 video with convert=false'
    }),
  pollNotFound: (id: string) =>
    new SendError('poll_not_found', `No poll ${id} is known to this instance`, { recommendation: 'Use the id of a poll this instance sent or received' }),
  invalidPollOption: (vote: string) =>
    new SendError('invalid_poll_option', `"${vote.slice(0, 100)}" is not an option of the poll`, { recommendation: 'Vote with option names or 0-based indexes' }),
  sendFailed: (why: string) =>
    new SendError('send_failed', `The messaging network did not accept the message: ${why.slice(0, 300)}`, {
      recommendation: 'Retry with backoff; check the session status'
    })
}

/** For the OpenAPI description of every send route. */
export const SEND_ERRORS_DOC = [
  '400 missing_param (details.missing names the parameters), invalid_param, invalid_chat_id, invalid_message_id, invalid_base64, invalid_file_url, invalid_poll_option',
  '404 invalid_session (no such instance), not_on_whatsapp (the number has no WhatsApp account), chat_not_found (a group or chat the account does not know), poll_not_found',
  '413 file_too_large',
  '422 session_status_mismatch (the instance is not WORKING; details.status), file_unreachable (the file URL did not answer 200 in time), conversion_failed',
  '429 daily_cap_reached (details.resets_at: next local midnight, ISO 8601; details.retry_after_ms), queue_full',
  '502 send_failed (the network refused the message)',
  '503 converter_unavailable (ffmpeg missing)'
].join('; ')
