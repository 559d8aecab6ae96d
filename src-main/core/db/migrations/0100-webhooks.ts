// Webhook configs, recorded events, the delivery outbox (one row per event x webhook) and the attempts log.
// No foreign key to `instances`: cleanup on instance delete goes through deleteInstanceWebhooks().
import type { Migration } from '../migrate.js'

export const migration0100Webhooks: Migration = {
  id: 100,
  name: 'webhooks',
  sql: `
CREATE TABLE webhooks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  instance_id TEXT NOT NULL,
  url TEXT NOT NULL,
  name TEXT,
  events TEXT NOT NULL,                       -- JSON array of event names, or ["*"]
  is_active INTEGER NOT NULL DEFAULT 1,
  retry_delay_s REAL NOT NULL DEFAULT 2,
  retry_attempts INTEGER NOT NULL DEFAULT 15,
  hmac TEXT,
  disabled_reason TEXT,                       -- set when the worker disables it (HTTP 410)
  disabled_at INTEGER,
  position INTEGER NOT NULL DEFAULT 0,        -- order of the instance's list as the user gave it
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (instance_id, url)
);

CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,                        -- evt_<ulid>, also the webhook-id header
  instance_id TEXT NOT NULL,
  event TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  body TEXT NOT NULL                          -- the serialized envelope: exactly the bytes POSTed
);
CREATE INDEX webhook_events_instance ON webhook_events (instance_id, created_at);
CREATE INDEX webhook_events_created ON webhook_events (created_at);

CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  webhook_id INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  instance_id TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'in_flight', 'delivered', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,        -- attempts in the current round (a replay starts a new round)
  total_attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  lease_owner TEXT,
  lease_until INTEGER,
  last_status INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  delivered_at INTEGER,
  dead_at INTEGER,
  UNIQUE (event_id, webhook_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (lease_until) WHERE state = 'in_flight';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, state);

CREATE TABLE webhook_attempts (
  id INTEGER PRIMARY KEY,
  delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  webhook_id INTEGER NOT NULL,
  attempt INTEGER NOT NULL,                   -- 1-based over the delivery's whole life (replays continue it)
  outcome TEXT NOT NULL,                      -- delivered | retry | dead | gone
  status_code INTEGER,
  error TEXT,
  duration_ms INTEGER NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX webhook_attempts_event ON webhook_attempts (event_id, attempt);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id);
CREATE INDEX webhook_attempts_webhook ON webhook_attempts (webhook_id, id);
`
}
