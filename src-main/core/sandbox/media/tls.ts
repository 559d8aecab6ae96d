// The sandbox media service's TLS identity: a self-signed certificate for 127.0.0.1 that sandbox clients are
// told to trust (Baileys hard-codes https:// for media). Persisted so it stays stable across restarts.
import { generate } from 'selfsigned'
import type { Db } from '../../db/connection.js'
import { getMeta, setMeta } from '../store/meta-repo.js'

export interface TlsIdentity {
  cert: string
  key: string
}

export async function loadOrCreateTls(db: Db): Promise<TlsIdentity> {
  const cert = getMeta(db, 'media_tls_cert')
  const key = getMeta(db, 'media_tls_key')
  if (cert && key) return { cert: cert.toString('utf8'), key: key.toString('utf8') }
  const now = new Date()
  const pems = await generate([{ name: 'commonName', value: 'Switchboard sandbox media' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 86_400_000),
    notAfterDate: new Date(now.getTime() + 10 * 365 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] }
    ]
  })
  setMeta(db, 'media_tls_cert', Buffer.from(pems.cert))
  setMeta(db, 'media_tls_key', Buffer.from(pems.private))
  return { cert: pems.cert, key: pems.private }
}
