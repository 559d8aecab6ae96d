// xmlns="w:sync:app:state": opaque SyncdPatch log per account and collection. Uploads get the next version and
// make the account's other devices resync (server_sync); fetches return the patches after the asked version.
// Push-name changes ride this path, so the name in a critical_block patch is not readable here (it is
// encrypted); the sandbox learns the new name from the <presence name> that follows.
import { proto, type BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import { appendPatches, collectionVersion, patchesSince } from '../store/app-state-repo.js'
import { listDevices } from '../store/accounts-repo.js'
import { bytes, childrenOf, genId, node, tstr } from '../wire/nodes.js'
import { pnJid } from '../wire/jid.js'

export function handleAppState(conn: Connection, iq: BinaryNode, sync: BinaryNode | undefined): void {
  const s = conn.server
  const me = conn.device!
  const out: BinaryNode[] = []
  const changed: { name: string; version: number }[] = []
  for (const col of childrenOf(sync, 'collection')) {
    const name = col.attrs.name
    if (!name) continue
    const patches = childrenOf(col, 'patch').map((p) => bytes(p)).filter((b): b is Buffer => !!b)
    if (patches.length) {
      let decoded: proto.SyncdPatch[]
      try {
        decoded = patches.map((b) => proto.SyncdPatch.decode(b))
      } catch {
        return conn.error(iq, 400, 'bad-request')
      }
      const version = appendPatches(
        s.db, me.phone, name,
        (v, i) => {
          const p = decoded[i]!
          p.version = { version: v }
          return Buffer.from(proto.SyncdPatch.encode(p).finish())
        },
        decoded.length
      )
      out.push(node('collection', { name, version: String(version) }))
      changed.push({ name, version })
    } else {
      const from = Number(col.attrs.version ?? 0)
      const newer = patchesSince(s.db, me.phone, name, Number.isFinite(from) ? from : 0)
      out.push(
        node(
          'collection',
          { name, version: String(collectionVersion(s.db, me.phone, name)) },
          newer.length ? [node('patches', {}, newer.map((p) => node('patch', {}, p.patch)))] : undefined
        )
      )
    }
  }
  conn.result(iq, [node('sync', {}, out)])
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
