// xmlns="w:sync:app:state": opaque SyncdPatch log per account and collection. Fetches return the patches after
// the asked version. An upload must be built on the collection's current version (its `version` attribute): it
// then gets the next version and the account's other devices are told to resync (server_sync). A stale upload is
// refused as the real server does it — that <collection> comes back type="error" with <error code="409"/> and
// the patches the writer is missing — and the 409 is mirrored on the iq itself, because Baileys rc14 reads only
// iq-level errors: without that it takes the refusal for success and its copy silently diverges. Refused, it
// throws; its next patch resyncs first and then lands.
// A fetch with return_snapshot="true" (a fresh companion, or Baileys recovering) gets the collection's snapshot as
// an external blob plus the patches after it, as the real server answers (server/app-state-snapshots.ts).
// Push-name changes ride this path, so the name in a critical_block patch is not readable here (it is
// encrypted); the sandbox learns the new name from the <presence name> that follows.
import { proto, type BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import { UNHANDLED, type IqOutcome } from '../server/inventory.js'
import { appendPatches, collectionVersion, patchesSince } from '../store/app-state-repo.js'
import { listDevices } from '../store/accounts-repo.js'
import { deviceKey } from '../server/delivery.js'
import { bytes, childrenOf, genId, node, tstr } from '../wire/nodes.js'
import { pnJid } from '../wire/jid.js'

const CONFLICT = 409

const patchesNode = (patches: { patch: Buffer }[]): BinaryNode[] =>
  patches.length ? [node('patches', {}, patches.map((p) => node('patch', {}, p.patch)))] : []

const collectionError = (name: string, version: number, code: number, text: string, content: BinaryNode[] = []): BinaryNode =>
  node('collection', { name, type: 'error', version: String(version) }, [node('error', { code: String(code), text }), ...content])

export function handleAppState(conn: Connection, iq: BinaryNode, sync: BinaryNode | undefined): IqOutcome {
  if (sync?.tag !== 'sync' || iq.attrs.type !== 'set') return UNHANDLED
  const s = conn.server
  const me = conn.device!
  const out: BinaryNode[] = []
  const changed: { name: string; version: number }[] = []
  let conflict = false
  for (const col of childrenOf(sync, 'collection')) {
    const name = col.attrs.name
    if (!name) continue
    const current = collectionVersion(s.db, me.phone, name)
    const asked = Number(col.attrs.version ?? 0)
    const patches = childrenOf(col, 'patch').map((p) => bytes(p)).filter((b): b is Buffer => !!b)
    if (!patches.length) {
      const snapshot = col.attrs.return_snapshot === 'true' && current > 0 ? s.appStateSnapshots.serve(me, name, current) : undefined
      if (snapshot) {
        const after = patchesNode(patchesSince(s.db, me.phone, name, snapshot.version))
        out.push(node('collection', { name, version: String(current) }, [node('snapshot', {}, snapshot.ref), ...after]))
        continue
      }
      const since = Number.isInteger(asked) && asked >= 0 ? asked : 0
      out.push(node('collection', { name, version: String(current) }, patchesNode(patchesSince(s.db, me.phone, name, since))))
      continue
    }
    let decoded: proto.SyncdPatch[]
    try {
      decoded = patches.map((b) => proto.SyncdPatch.decode(b))
    } catch {
      out.push(collectionError(name, current, 400, 'bad-request'))
      continue
    }
    const base = Number.isInteger(asked) && asked >= 0 ? asked : -1
    const version = s.faults.takeAppStateConflict(deviceKey(me)) ? undefined : appendPatches(s.db, me.phone, name, base, (v, i) => {
      const p = decoded[i]!
      p.version = { version: v }
      return Buffer.from(proto.SyncdPatch.encode(p).finish())
    }, decoded.length)
    if (version === undefined) {
      conflict = true
      out.push(collectionError(name, current, CONFLICT, 'conflict', patchesNode(patchesSince(s.db, me.phone, name, Math.max(base, 0)))))
      continue
    }
    out.push(node('collection', { name, version: String(version) }))
    changed.push({ name, version })
  }
  conn.result(iq, [node('sync', {}, out), ...(conflict ? [node('error', { code: String(CONFLICT), text: 'conflict' })] : [])])
  for (const c of changed) {
    for (const d of listDevices(s.db, me.phone)) {
      if (d.deviceId === me.deviceId) continue
      s.delivery.deliver(
        { phone: me.phone, deviceId: d.deviceId },
        node('notification', { from: pnJid(me.phone), type: 'server_sync', id: genId(), t: tstr() }, [
          node('collection', { name: c.name, version: String(c.version) })
        ])
      )
    }
  }
}
