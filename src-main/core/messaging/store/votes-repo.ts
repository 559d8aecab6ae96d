// Poll votes and event responses (decrypted from pollUpdateMessage / encEventResponseMessage): the latest
// choice of each voter, as the phone shows it.
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'

export interface StoredPollVote {
  chatId: string
  pollId: string
  voter: string
  /** Names of the selected options; [] = the vote was withdrawn. */
  options: string[]
  voteId: string | null
  timestamp: number
}

/** Returns false when the voter's choice did not change. */
export function setPollVote(db: Db, instanceId: string, v: StoredPollVote): boolean {
  const options = JSON.stringify(v.options)
  const cur = columnStmt<string>(db, 'SELECT options FROM store_poll_votes WHERE instance_id = ? AND poll_id = ? AND voter = ?').get(instanceId, v.pollId, v.voter)
  if (cur === options) return false
  stmt(
    db,
    `INSERT INTO store_poll_votes (instance_id, chat_id, poll_id, voter, options, vote_id, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (instance_id, poll_id, voter) DO UPDATE SET options = excluded.options, vote_id = excluded.vote_id, timestamp = excluded.timestamp`
  ).run(instanceId, v.chatId, v.pollId, v.voter, options, v.voteId, v.timestamp)
  return true
}

export function listPollVotes(db: Db, instanceId: string, pollId: string): StoredPollVote[] {
  const rows = typedStmt<Omit<StoredPollVote, 'options'> & { options: string }>(
    db,
    `SELECT chat_id AS chatId, poll_id AS pollId, voter, options, vote_id AS voteId, timestamp FROM store_poll_votes
     WHERE instance_id = ? AND poll_id = ? ORDER BY timestamp`
  ).all(instanceId, pollId)
  return rows.map((r) => ({ ...r, options: JSON.parse(r.options) as string[] }))
}

export type EventResponseKind = 'GOING' | 'NOT_GOING' | 'MAYBE' | 'UNKNOWN'

export interface StoredEventResponse {
  chatId: string
  eventId: string
  responder: string
  response: EventResponseKind
  responseId: string | null
  timestamp: number
}

export function setEventResponse(db: Db, instanceId: string, r: StoredEventResponse): boolean {
  const cur = columnStmt<string>(db, 'SELECT response FROM store_event_responses WHERE instance_id = ? AND event_id = ? AND responder = ?').get(instanceId, r.eventId, r.responder)
  if (cur === r.response) return false
  stmt(
    db,
    `INSERT INTO store_event_responses (instance_id, chat_id, event_id, responder, response, response_id, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (instance_id, event_id, responder) DO UPDATE SET response = excluded.response, response_id = excluded.response_id,
       timestamp = excluded.timestamp`
  ).run(instanceId, r.chatId, r.eventId, r.responder, r.response, r.responseId, r.timestamp)
  return true
}

export function listEventResponses(db: Db, instanceId: string, eventId: string): StoredEventResponse[] {
  return typedStmt<StoredEventResponse>(
    db,
    `SELECT chat_id AS chatId, event_id AS eventId, responder, response, response_id AS responseId, timestamp FROM store_event_responses
     WHERE instance_id = ? AND event_id = ? ORDER BY timestamp`
  ).all(instanceId, eventId)
}
