// An accepted send as the outbound row keeps it (issue 10 item 6): the typed SendCommand as JSON with each file
// it read replaced by the name of its copy under outbox-media/ (and the mimetype and filename the read resolved),
// so a send answered 202 is re-dispatched after a crash with the same bytes. Never the caller's base64 or upload id.
import type { MediaFile } from './media-input.js'
import type { FileSlot, OutboxMedia } from './outbox-media.js'
import type { SendCommand } from './send-command.js'

/** A file of a stored command: its copy in outbox-media/. */
interface StoredFile {
  outbox: string
  mimetype?: string
  filename?: string
}

const slotsOf = (cmd: SendCommand): FileSlot[] =>
  cmd.kind === 'image' || cmd.kind === 'pdf' || cmd.kind === 'voice' || cmd.kind === 'video' ? ['file'] : cmd.kind === 'link-preview' && cmd.thumbnail ? ['thumbnail'] : []

const storedFile = (name: string, f: MediaFile | undefined): StoredFile => ({
  outbox: name,
  ...(f?.mimetype ? { mimetype: f.mimetype } : {}),
  ...(f?.filename ? { filename: f.filename } : {})
})

/** The command as the row keeps it; `files` are the bytes to write under their names if the send waits. */
export function storedCommand(
  cmd: SendCommand,
  loaded: ReadonlyMap<FileSlot, MediaFile>,
  nameOf: (slot: FileSlot) => string
): { json: string; files: { name: string; bytes: Buffer }[] } {
  const copy: Record<string, unknown> = { ...cmd }
  const files: { name: string; bytes: Buffer }[] = []
  for (const slot of slotsOf(cmd)) {
    const f = loaded.get(slot)
    const name = nameOf(slot)
    copy[slot] = storedFile(name, f)
    if (f) files.push({ name, bytes: f.data })
  }
  return { json: JSON.stringify(copy), files }
}

/** The command back, its files as base64 of their copies; undefined when unreadable or a file is missing. */
export function restoredCommand(json: string | null, media: Pick<OutboxMedia, 'read'>): SendCommand | undefined {
  if (!json) return undefined
  let cmd: Record<string, unknown>
  try {
    cmd = JSON.parse(json) as Record<string, unknown>
  } catch {
    return undefined
  }
  if (typeof cmd.kind !== 'string' || typeof cmd.chatJid !== 'string') return undefined
  for (const slot of slotsOf(cmd as unknown as SendCommand)) {
    const ref = cmd[slot] as StoredFile | undefined
    const bytes = ref?.outbox ? media.read(ref.outbox) : undefined
    if (!ref || !bytes?.length) return undefined
    cmd[slot] = { data: bytes.toString('base64'), ...(ref.mimetype ? { mimetype: ref.mimetype } : {}), ...(ref.filename ? { filename: ref.filename } : {}) }
  }
  return cmd as unknown as SendCommand
}
