// App-state snapshots: what the server hands a device that syncs a collection with return_snapshot="true" (a fresh
// companion from version 0, or Baileys' recovery after a failed sync), as WhatsApp does instead of the whole patch
// log: one SyncdSnapshot of the collection's live records at its current version, uploaded as an 'md-app-state'
// blob to the media host and referenced by an ExternalBlobReference in <snapshot>. The client decodes it in one
// LT-hash pass (decodeSyncdSnapshot) instead of one per patch.
// Who builds it: the server, without any key. A record is (index MAC, encrypted value || value MAC, keyId); the
// index MAC is the record's identity, so compaction is bookkeeping on opaque bytes: the latest SET per index wins and
// a REMOVE drops it. The snapshot MAC is HMAC(snapshotMacKey, ltHash || version || name), and the LT hash is a sum over
// the live records' value MACs, i.e. the state after the last patch, which that patch's writer (the phone or a
// companion, the only holders of the key) already signed as the patch's snapshotMac under its keyId. The snapshot
// carries that MAC and keyId: it verifies exactly when the patch log does, and no key leaves the devices.
// A log with external mutations (blobs the server does not hold) is not compacted; the patches are served instead.
import { randomBytes } from 'node:crypto'
import { proto } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import { patchesSince } from '../store/app-state-repo.js'
import { getMediaEntry, putMedia } from '../store/media-repo.js'
import { encryptBlob } from '../media/encrypt-blob.js'
import type { MediaExpiry } from '../media/media-expiry.js'
import { deviceKey, type DeviceAddr } from './delivery.js'

/** The live records of a patch log and the MAC of the state it ends in; undefined when the log cannot be compacted. */
export function compactPatches(patches: { version: number; patch: Buffer }[]): proto.ISyncdSnapshot | undefined {
  const last = patches.at(-1)
  if (!last) return undefined
  const live = new Map<string, proto.ISyncdRecord>()
  let tail: proto.SyncdPatch | undefined
  for (const { patch } of patches) {
    const p = proto.SyncdPatch.decode(patch)
    if (p.externalMutations) return undefined
    for (const m of p.mutations) {
      const index = m.record?.index?.blob
      if (!index) continue
      const key = Buffer.from(index).toString('base64')
      // Delete first so a re-set record moves to the end: records come in the order of their latest write.
      live.delete(key)
      if (m.operation !== proto.SyncdMutation.SyncdOperation.REMOVE) live.set(key, m.record!)
    }
    tail = p
  }
  if (!tail?.snapshotMac?.length || !tail.keyId?.id?.length) return undefined
  return { version: { version: last.version }, records: [...live.values()], mac: tail.snapshotMac, keyId: tail.keyId }
}

interface Served {
  version: number
  path: string
  /** ExternalBlobReference bytes, the content of <snapshot>. */
  ref: Buffer
}

/** Builds, uploads and remembers each collection's snapshot (one blob per account, collection and version). */
export class AppStateSnapshots {
  private readonly latest = new Map<string, Served>()
  private readonly counts = new Map<string, number>()

  constructor(private readonly db: Db, private readonly expiry: MediaExpiry) {}

  /**
   * The <snapshot> content for the collection as it is now, and the version it stands for (the patches after it
   * follow it); undefined when there is nothing to snapshot or the log cannot be compacted. `current`: the
   * collection's version, which the caller has just read.
   */
  serve(to: DeviceAddr, collection: string, current: number): { version: number; ref: Buffer } | undefined {
    const { phone } = to
    const key = `${phone}\n${collection}`
    let served = this.latest.get(key)
    if (!served || served.version !== current || !this.stillServed(served.path)) {
      const patches = patchesSince(this.db, phone, collection, 0)
      const version = patches.at(-1)?.version ?? 0
      const snapshot = compactPatches(patches)
      if (!snapshot) return undefined
      const plain = Buffer.from(proto.SyncdSnapshot.encode(snapshot).finish())
      const blob = encryptBlob(plain, 'md-app-state')
      const path = `/m/syncd-${randomBytes(16).toString('hex')}`
      putMedia(this.db, path, blob.body)
      const ref = proto.ExternalBlobReference.encode({
        mediaKey: blob.mediaKey,
        directPath: path,
        fileSizeBytes: plain.length,
        fileSha256: blob.fileSha256,
        fileEncSha256: blob.fileEncSha256
      }).finish()
      served = { version, path, ref: Buffer.from(ref) }
      this.latest.set(key, served)
    }
    const counted = `${deviceKey(to)}\n${collection}`
    this.counts.set(counted, (this.counts.get(counted) ?? 0) + 1)
    return { version: served.version, ref: served.ref }
  }

  /** Snapshots of a collection served to a device since the server started. */
  servedCount(to: DeviceAddr, collection: string): number {
    return this.counts.get(`${deviceKey(to)}\n${collection}`) ?? 0
  }

  private stillServed(path: string): boolean {
    const entry = getMediaEntry(this.db, path)
    return !!entry && this.expiry.statusOf(path, entry.createdAt) === undefined
  }
}
