// WhatsApp's wire shapes (message protos, keys, group metadata, binary nodes) and the pure codec helpers over them
// (JIDs, content normalisation, proto encode/decode, BufferJSON), as the engine (Baileys) defines them. The one
// place modules outside engine/ get them: a Baileys upgrade or another engine adapts here and in the port.
export {
  BufferJSON,
  aesEncryptGCM,
  extractImageThumb,
  getContentType,
  hmacSign,
  isJidGroup,
  isJidNewsletter,
  isLidUser,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
  normalizeMessageContent,
  proto,
  sha256
} from '@whiskeysockets/baileys'
export type {
  AnyMessageContent,
  BinaryNode,
  CacheStore,
  ChatModification,
  GroupMetadata,
  GroupParticipant,
  MiscMessageGenerationOptions,
  ParticipantAction,
  WAMessage,
  WAMessageKey,
  WAUrlInfo
} from '@whiskeysockets/baileys'
