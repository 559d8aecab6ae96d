// Paging and sorting parameters of the list endpoints: limit/offset bounds, sortBy spellings of WAHA and the
// hosted API (any case), sortOrder ASC/DESC (default DESC for chats). Unknown values are 400 invalid_param.
import { coreErrors } from '../../domain/core-errors.js'
import type { ChatSortBy, SortOrder } from '../../messaging/store/index.js'
import type { Params } from '../request-params.js'
import { integerParam, optionalString } from './read-params.js'

/** The most rows one page answers; limit=0 (n8n's and WAHA's "no limit") asks for this many. */
export const MAX_PAGE = 1000

export interface Paging {
  limit: number
  offset: number
}

export function paging(input: Params, defaultLimit: number): Paging {
  const limit = integerParam(input, 'limit', defaultLimit, { min: 0, max: MAX_PAGE })
  return {
    limit: limit === 0 ? MAX_PAGE : limit,
    offset: integerParam(input, 'offset', 0, { min: 0, max: Number.MAX_SAFE_INTEGER })
  }
}

export function sortOrderParam(input: Params, fallback: SortOrder): SortOrder {
  const raw = optionalString(input, 'sortOrder', 'sort_order')
  if (raw === undefined) return fallback
  const v = raw.toUpperCase()
  if (v !== 'ASC' && v !== 'DESC') throw coreErrors.invalidParam('sortOrder', 'expected ASC or DESC')
  return v
}

const CHAT_SORTS: Record<string, ChatSortBy> = {
  id: 'id',
  name: 'name',
  messagetimestamp: 'messageTimestamp',
  conversationtimestamp: 'messageTimestamp',
  lastmessagetimestamp: 'messageTimestamp',
  timestamp: 'messageTimestamp',
  t: 'messageTimestamp'
}

export function chatSortParam(input: Params): ChatSortBy {
  const raw = optionalString(input, 'sortBy', 'sort_by')
  if (raw === undefined) return 'messageTimestamp'
  const v = CHAT_SORTS[raw.toLowerCase()]
  if (!v) throw coreErrors.invalidParam('sortBy', 'expected messageTimestamp (also conversationTimestamp, timestamp), id or name')
  return v
}

export function contactSortParam(input: Params): 'id' | 'name' {
  const raw = optionalString(input, 'sortBy', 'sort_by')
  if (raw === undefined) return 'id'
  const v = raw.toLowerCase()
  if (v !== 'id' && v !== 'name') throw coreErrors.invalidParam('sortBy', 'expected id or name')
  return v
}
