// Files uploaded with a request (multipart parts that api/multipart.ts streamed to disk), known by an unguessable
// id. A FileSpec names an upload by that id, never by path, so no client parameter can make the core read a local
// file; an upload lives as long as its request (released, and its file deleted, when the answer is sent).
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'

interface Upload {
  path: string
  size: number
}

const uploads = new Map<string, Upload>()

/** Registers a file written for the current request; returns its id. */
export function registerUpload(path: string, size: number): string {
  const id = `upload_${randomBytes(18).toString('base64url')}`
  uploads.set(id, { path, size })
  return id
}

/** Forgets the upload and deletes its file (idempotent). */
export async function releaseUpload(id: string): Promise<void> {
  const upload = uploads.get(id)
  uploads.delete(id)
  if (upload) await rm(upload.path, { force: true })
}

/** The upload's size, or undefined for an id this process did not hand out (or already released). */
export const uploadSize = (id: string): number | undefined => uploads.get(id)?.size

/** The upload's bytes; the caller checked the size first. */
export async function readUpload(id: string): Promise<Buffer | undefined> {
  const upload = uploads.get(id)
  return upload ? readFile(upload.path) : undefined
}

/** The upload's bytes as a stream (big CSV lists are parsed as they are read, never held whole). */
export function streamUpload(id: string): AsyncIterable<Buffer> | undefined {
  const upload = uploads.get(id)
  return upload ? createReadStream(upload.path) : undefined
}
