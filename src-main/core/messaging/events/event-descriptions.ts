// One line per webhook event, in words: the OpenAPI `x-webhooks` descriptions and the desktop UI's event picker
// and delivery log both read this map (one source of truth; the bridge hands it to the UI with the event list).
import type { KnownWebhookEvent } from '../../webhooks/event-names.js'
import type { TEST_EVENT } from '../../webhooks/test-event.js'

export const EVENT_DESCRIPTIONS: Record<KnownWebhookEvent | typeof TEST_EVENT, string> = {
  'session.status': 'The session status changed (STOPPED events are delivered once the instance runs again; DELETED is never delivered: its webhooks are gone)',
  message: 'A new incoming message (not fromMe). Repeats of the same engine message are not re-sent',
  'message.any': 'Every new message, own ones included (source api when sent through this API, app otherwise). Both message and message.any fire for an incoming message: subscribe to one of them',
  'message.ack': 'An own message reached a new state: SERVER, DEVICE, READ, PLAYED (in groups: the first member to reach the level)',
  'message.ack.group': 'A group member\'s delivery/read receipt of an own message',
  'message.reaction': 'Someone reacted to a message or removed a reaction (reaction.text "")',
  'message.revoked': 'A message was deleted for everyone',
  'message.edited': 'A message was edited',
  'message.undecryptable': 'An incoming message could not be decrypted and its retries did not recover it (after the grace period, 30 s by default); the store keeps a placeholder. A later recovery is announced as message / message.any',
  'poll.vote': 'A vote on a poll known to the message store (decrypted with the poll\'s secret)',
  'poll.vote.failed': 'A vote that could not be decrypted (poll unknown to the store, no secret, wrong key)',
  'event.response': 'A response (going / not going / maybe) to an event message known to the store',
  'event.response.failed': 'A response that could not be decrypted',
  'presence.update': 'A contact came online/offline or is typing/recording in a chat (typing needs no subscription; online status needs /v2/presence subscribe)',
  'group.v2.join': 'Members joined or were added to a group (also: the instance learned a new group, listing its members)',
  'group.v2.leave': 'Members left or were removed',
  'group.v2.update': 'Subject, description, settings (announce/restrict) or picture changed',
  'group.v2.participants': 'Members were promoted to admin or demoted',
  'chat.archive': 'A chat was archived or unarchived (on the phone or through the API)',
  'call.received': 'An incoming call (offer)',
  'call.accepted': 'A call was picked up on another device of the account',
  'call.rejected': 'A call was declined',
  'label.upsert': 'A label was created or changed (WhatsApp Business)',
  'label.deleted': 'A label was deleted',
  'label.chat.added': 'A label was assigned to a chat',
  'label.chat.deleted': 'A label was removed from a chat',
  'lid.mapped': 'The phone number of a person known by LID became known; their LID chat (if any) is now merged into the phone number\'s chat. Not sent for mappings that come with history sync',
  'engine.event': 'Every raw engine (Baileys) event except credentials; only recorded while a webhook subscribes to it (or to "*")',
  'message.waiting': 'Not produced by Switchboard (a name of the hosted API kept so subscriptions to it are accepted)',
  'campaign.status': 'A campaign changed state (draft, scheduled, running, paused with its reason in words, completed, cancelled) or started/stopped waiting for its sending window (Switchboard extension; sent to each instance of the campaign)',
  'campaign.progress': 'A campaign\'s counts per recipient state, rates and progress, at most every 2 s while it sends, and at the end (Switchboard extension)',
  'campaign.opt_out': 'A campaign recipient replied with an opt-out keyword and was added to the account\'s suppression list (Switchboard extension)',
  'webhook.test': 'A test delivery sent on request ("Send test event") to one webhook, whatever events it subscribes to; payload.test is true'
}
