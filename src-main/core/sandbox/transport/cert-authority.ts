// The sandbox's own Noise certificate authority: a persisted root key signs an intermediate, which signs the
// leaf naming the server's static key. Baileys verifies this chain against WA_CERT_DETAILS.PUBLIC_KEY.
import { Curve, proto } from '@whiskeysockets/baileys'

export interface KeyPair {
  public: Buffer
  private: Buffer
}

export const generateKeyPair = (): KeyPair => {
  const k = Curve.generateKeyPair()
  return { public: Buffer.from(k.public), private: Buffer.from(k.private) }
}

/** Serial of the root as Baileys expects it (`WA_CERT_DETAILS.SERIAL`). */
const ROOT_SERIAL = 0
const INTERMEDIATE_SERIAL = 1
const LEAF_SERIAL = 2

export function issueCertChain(root: KeyPair, serverStaticPublic: Buffer, now = Math.floor(Date.now() / 1000)): Buffer {
  const intermediate = generateKeyPair()
  const interDetails = proto.CertChain.NoiseCertificate.Details.encode({
    serial: INTERMEDIATE_SERIAL,
    issuerSerial: ROOT_SERIAL,
    key: intermediate.public,
    notBefore: now - 3600,
    notAfter: now + 365 * 86400
  }).finish()
  const leafDetails = proto.CertChain.NoiseCertificate.Details.encode({
    serial: LEAF_SERIAL,
    issuerSerial: INTERMEDIATE_SERIAL,
    key: serverStaticPublic,
    notBefore: now - 3600,
    notAfter: now + 30 * 86400
  }).finish()
  return Buffer.from(
    proto.CertChain.encode({
      intermediate: { details: interDetails, signature: Curve.sign(root.private, interDetails) },
      leaf: { details: leafDetails, signature: Curve.sign(intermediate.private, leafDetails) }
    }).finish()
  )
}
