// How an attachment is named in the UI when it has no file name (WhatsApp images, videos and voice notes have
// none): by kind in words, never a bare mimetype such as image/png. Shared by the core (a chat's last message) and
// the renderer (bubbles). PURE.
export function mediaLabel(media: { mimetype: string; filename: string | null }): string {
  if (media.filename) return media.filename
  const [type, sub = ''] = media.mimetype.split('/')
  if (type === 'image') return sub === 'webp' ? 'Sticker' : 'Photo'
  if (type === 'video') return 'Video'
  if (type === 'audio') return sub.startsWith('ogg') ? 'Voice message' : 'Audio'
  return 'Document'
}
