// Errors of the send pipeline. Every code has its HTTP status in api/error-status.ts and is listed in the
// OpenAPI description of the send routes (SEND_ERRORS_DOC), so clients can tell them apart. "Not WORKING" is
// the core's session_status_mismatch, the one code every operation that needs a WORKING session answers.
import { domainError, type CodedError } from '../../domain/errors.js'

export type SendError = CodedError<SendErrorCode>

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
  | 'reachout_timelocked'
  | 'message_capped'
  | 'not_resendable'

const send = domainError<SendErrorCode>

export const sendErrors = {
  notWorking: (status: string) =>
    send('session_status_mismatch', `The session is ${status}; sending needs WORKING`,
      'Start the session and wait for status WORKING (GET /v2/session/info), then retry', { status }),
  notOnWhatsApp: (chatId: string) =>
    send('not_on_whatsapp', `${chatId} is not a WhatsApp account`, 'Check the number: digits with the country code, no leading 0 or +', { chatId }),
  chatNotFound: (chatId: string, why: string) =>
    send('chat_not_found', `The chat ${chatId} is unknown to this account: ${why}`,
      'Use a group the account belongs to, or a person chat id <number>@c.us', { chatId }),
  invalidBase64: (param: string) =>
    send('invalid_base64', `${param} is not valid base64`, 'Send the file bytes base64-encoded (a data: URL is accepted too)', { invalid: [param] }),
  invalidFileUrl: (param: string, why: string) =>
    send('invalid_file_url', `${param}: ${why}`, 'Use a public http(s) URL of the file, or send it base64-encoded in file[data]', { invalid: [param] }),
  fileUnreachable: (url: string, why: string) =>
    send('file_unreachable', `The file could not be fetched from ${url.slice(0, 200)}: ${why}`,
      'Check that the URL answers 200 from this machine, or send the file base64-encoded in file[data]'),
  fileTooLarge: (limit: number) => send('file_too_large', `The file is larger than ${limit} bytes`, 'Send a smaller file', { limit }),
  conversionFailed: (why: string) =>
    send('conversion_failed', `The file could not be converted: ${why.slice(0, 300)}`,
      'Send a valid audio/video file (MP3, WAV, AAC, OGG; MP4, MOV, WEBM), or send it ready-made with convert=false'),
  converterUnavailable: (why: string) =>
    send('converter_unavailable', `The media converter (ffmpeg) is not available: ${why.slice(0, 200)}`,
      'Reinstall Switchboard, or send OGG/Opus voice and MP4 video with convert=false'),
  pollNotFound: (id: string) => send('poll_not_found', `No poll ${id} is known to this instance`, 'Use the id of a poll this instance sent or received'),
  invalidPollOption: (vote: string) =>
    send('invalid_poll_option', `"${vote.slice(0, 100)}" is not an option of the poll`, 'Vote with option names or 0-based indexes'),
  /** The network acked the message with error 463 / 475: not delivered (Switchboard then holds new-contact sends). */
  refusedByNetwork: (code: 'reachout_timelocked' | 'message_capped', until: number | null) =>
    send(
      code,
      code === 'reachout_timelocked'
        ? 'The network refused the message (463): the account may not start new chats for now (reach-out timelock)'
        : 'The network refused the message (475): the account reached its cap of new chats (message capping)',
      'Reply in existing chats meanwhile; new-contact sends are held (202, reason new_contacts_paused) until GET /v2/session/info shows deliverability.new_contacts ok',
      { until: until === null ? null : new Date(until).toISOString() }
    ),
  /** The UI's Resend of a message a restart dropped: nothing to resend. */
  notResendable: (messageId: string, why: string) =>
    send('not_resendable', `Message ${messageId} cannot be resent: ${why}`, 'Write the message again', { messageId }),
  sendFailed: (why: string) =>
    send('send_failed', `The messaging network did not accept the message: ${why.slice(0, 300)}`, 'Retry with backoff; check the session status')
}

/** For the OpenAPI description of every send route. */
export const SEND_ERRORS_DOC = [
  '400 missing_param (details.missing names the parameters), invalid_param, invalid_chat_id, invalid_message_id, invalid_base64, invalid_file_url, invalid_poll_option',
  '404 invalid_session (no such instance), not_on_whatsapp (the number has no WhatsApp account), chat_not_found (a group or chat the account does not know), poll_not_found',
  '413 file_too_large, payload_too_large (the body is over the limit of the route: the largest file as base64 plus 1 MiB; multipart file parts are streamed to a temp file, never held in memory, and count toward it as they arrive)',
  '422 session_status_mismatch (the instance is not WORKING; details.status), file_unreachable (the file URL did not answer 200 in time), conversion_failed',
  '429 daily_cap_reached (details.resets_at: next local midnight, ISO 8601; details.retry_after_ms), queue_full',
  '403 reachout_timelocked (the network acked the message with error 463: no new chats for now), message_capped (error 475: the cap of new chats is reached); details.until',
  '502 send_failed (the network refused the message)',
  '503 converter_unavailable (ffmpeg missing)'
].join('; ')
