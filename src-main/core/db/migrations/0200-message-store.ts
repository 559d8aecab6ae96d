// The message store (issue 4, part D): messages with their raw WAMessage, chats, contacts, LID<->PN mappings,
// reactions, labels, poll votes, event responses and group metadata, fed by the engine's events.
// Every table is per instance; deleteInstanceStore() drops an instance's rows. See messaging/store/README.md.
import type { Migration } from '../migrate.js'

export const migration0200MessageStore: Migration = {
  id: 200,
  name: 'message-store',
  sql: `
CREATE TABLE store_messages (
  pk INTEGER PRIMARY KEY,
  instance_id TEXT NOT NULL,
  chat_id TEXT NOT NULL,                      -- canonical chat JID (see README: PN form preferred over LID)
  id TEXT NOT NULL,                           -- key.id
  from_me INTEGER NOT NULL,
  sender TEXT,                                -- author JID (canonical): participant in groups, own JID when from_me
  timestamp INTEGER NOT NULL,                 -- seconds (messageTimestamp)
  type TEXT NOT NULL,                         -- API type: chat, image, video, ptt, audio, document, sticker, location, vcard, poll_creation, event...
  body TEXT NOT NULL DEFAULT '',              -- text / caption / question (current text after edits)
  ack INTEGER NOT NULL DEFAULT 0,             -- WAHA ack: -1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ, 4 PLAYED
  has_media INTEGER NOT NULL DEFAULT 0,
  media_mimetype TEXT,
  media_filename TEXT,
  media_size INTEGER,
  media_path TEXT,                            -- local file once downloaded (set by the media module)
  edited_at INTEGER,                          -- seconds of the last edit
  revoked_at INTEGER,                         -- seconds; the message was deleted for everyone
  revoked_by TEXT,
  starred INTEGER NOT NULL DEFAULT 0,
  push_name TEXT,
  raw TEXT NOT NULL,                          -- the WAMessage as JSON (buffers as {type:"Buffer",data:base64})
  created_at INTEGER NOT NULL,                -- ms, when stored
  updated_at INTEGER NOT NULL,
  UNIQUE (instance_id, chat_id, id)
);
CREATE INDEX store_messages_chat_time ON store_messages (instance_id, chat_id, timestamp DESC, pk DESC);
CREATE INDEX store_messages_id ON store_messages (instance_id, id);

CREATE TABLE store_chats (
  instance_id TEXT NOT NULL,
  chat_id TEXT NOT NULL,
  name TEXT,                                  -- group subject or contact name, when known
  unread_count INTEGER NOT NULL DEFAULT 0,
  last_message_pk INTEGER,                    -- store_messages.pk of the newest message
  last_message_at INTEGER NOT NULL DEFAULT 0, -- seconds; the chat list's default sort key
  archived INTEGER NOT NULL DEFAULT 0,
  pinned_at INTEGER,                          -- seconds; null = not pinned
  muted_until INTEGER,                        -- seconds (-1 = forever); null = not muted
  marked_unread INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (instance_id, chat_id)
) WITHOUT ROWID;
CREATE INDEX store_chats_recent ON store_chats (instance_id, last_message_at DESC, chat_id);
CREATE INDEX store_chats_name ON store_chats (instance_id, name);

CREATE TABLE store_contacts (
  instance_id TEXT NOT NULL,
  jid TEXT NOT NULL,                          -- canonical: <n>@s.whatsapp.net, or <n>@lid when no PN is known
  lid TEXT,
  name TEXT,                                  -- saved in the phone's address book
  notify TEXT,                                -- push name
  verified_name TEXT,
  is_business INTEGER NOT NULL DEFAULT 0,
  is_enterprise INTEGER NOT NULL DEFAULT 0,
  img_url TEXT,
  status TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (instance_id, jid)
) WITHOUT ROWID;
CREATE INDEX store_contacts_name ON store_contacts (instance_id, name);

CREATE TABLE store_lid_map (
  instance_id TEXT NOT NULL,
  lid TEXT NOT NULL,                          -- <n>@lid
  pn TEXT NOT NULL,                           -- <n>@s.whatsapp.net
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (instance_id, lid)
) WITHOUT ROWID;
CREATE INDEX store_lid_map_pn ON store_lid_map (instance_id, pn);

CREATE TABLE store_reactions (
  instance_id TEXT NOT NULL,
  chat_id TEXT NOT NULL,
  message_id TEXT NOT NULL,                   -- key.id of the message reacted to
  sender TEXT NOT NULL,                       -- canonical JID of who reacted
  text TEXT NOT NULL,                         -- the emoji; rows are deleted when a reaction is removed
  reaction_id TEXT,                           -- key.id of the reaction message
  timestamp INTEGER NOT NULL,                 -- seconds
  PRIMARY KEY (instance_id, message_id, sender)
) WITHOUT ROWID;

CREATE TABLE store_labels (
  instance_id TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  color INTEGER NOT NULL DEFAULT 0,           -- 0..19
  predefined_id TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (instance_id, id)
) WITHOUT ROWID;

CREATE TABLE store_chat_labels (
  instance_id TEXT NOT NULL,
  label_id TEXT NOT NULL,
  chat_id TEXT NOT NULL,
  PRIMARY KEY (instance_id, label_id, chat_id)
) WITHOUT ROWID;
CREATE INDEX store_chat_labels_chat ON store_chat_labels (instance_id, chat_id);

CREATE TABLE store_poll_votes (
  instance_id TEXT NOT NULL,
  chat_id TEXT NOT NULL,
  poll_id TEXT NOT NULL,                      -- key.id of the poll creation message
  voter TEXT NOT NULL,                        -- canonical JID
  options TEXT NOT NULL,                      -- JSON array of the selected option names ([] = vote withdrawn)
  vote_id TEXT,                               -- key.id of the vote message
  timestamp INTEGER NOT NULL,                 -- seconds
  PRIMARY KEY (instance_id, poll_id, voter)
) WITHOUT ROWID;

CREATE TABLE store_event_responses (
  instance_id TEXT NOT NULL,
  chat_id TEXT NOT NULL,
  event_id TEXT NOT NULL,                     -- key.id of the event message
  responder TEXT NOT NULL,
  response TEXT NOT NULL,                     -- GOING | NOT_GOING | MAYBE | UNKNOWN
  response_id TEXT,
  timestamp INTEGER NOT NULL,
  PRIMARY KEY (instance_id, event_id, responder)
) WITHOUT ROWID;

CREATE TABLE store_groups (
  instance_id TEXT NOT NULL,
  id TEXT NOT NULL,                           -- <n>@g.us
  subject TEXT,
  description TEXT,
  owner TEXT,
  participants TEXT NOT NULL DEFAULT '[]',    -- JSON [{id, lid?, phoneNumber?, admin: null|"admin"|"superadmin"}]
  announce INTEGER,
  restrict INTEGER,
  raw TEXT,                                   -- last GroupMetadata seen (JSON)
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (instance_id, id)
) WITHOUT ROWID;
`
}
