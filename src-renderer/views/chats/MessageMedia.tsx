// The media of a message in its bubble, fetched from the core over the bridge (never the API): photos and stickers
// inline in a box sized before they load (the thread does not shift), enlarged in the viewer on a click; voice and
// audio with a player; video with a player once asked for (it may be large), enlargeable too; Download for every
// kind. Unavailable media (expired on the network, too large) says so, with "Try again".
import { useTranslation } from 'react-i18next'
import { useCallback, useEffect, useState } from 'react'
import type { MediaContentDto, MessageDto, MessageMediaDto } from '../../../src-preload/contract/dto.js'
import { mediaLabel } from '../../../src-preload/contract/media-label.js'
import { Icon } from '../../components/Icon.js'
import { Spinner } from '../../components/Spinner.js'
import { toUiError, type UiError } from '../../lib/errors.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { loadMedia, rememberMedia } from './media-cache.js'
import { MediaViewer } from './MediaViewer.js'

export type MediaKind = 'image' | 'sticker' | 'video' | 'audio' | 'document'

export function mediaKind(mimetype: string): MediaKind {
  const [type, sub = ''] = mimetype.toLowerCase().split(';')[0]!.trim().split('/')
  if (type === 'image') return sub === 'webp' ? 'sticker' : 'image'
  if (type === 'video') return 'video'
  if (type === 'audio') return 'audio'
  return 'document'
}

type State = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; content: MediaContentDto } | { status: 'failed'; error: UiError }

/** Saves a fetched file under its name (the browser's or Electron's download). */
function saveFile(content: MediaContentDto, name: string): void {
  const a = document.createElement('a')
  a.href = content.dataUrl
  a.download = name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
}

const initial = (media: MessageMediaDto): State =>
  media.url?.startsWith('data:') ? { status: 'ready', content: { mimetype: media.mimetype, filename: media.filename, size: 0, dataUrl: media.url } } : { status: 'idle' }

export function MessageMedia({ m, media }: { m: MessageDto; media: MessageMediaDto }) {
  const instanceId = useChatsStore((s) => s.thread?.instanceId)
  const kind = mediaKind(media.mimetype)
  const { t } = useTranslation()
  // A file's own name as it is; a kind word (Photo, Voice message) in the UI's language.
  const label = media.filename ? mediaLabel(media) : t(`media.kind.${mediaLabel(media)}`, { defaultValue: mediaLabel(media) })
  const [state, setState] = useState<State>(() => initial(media))
  const [viewing, setViewing] = useState(false)
  // A file sent from this app comes with its bytes: kept, so the bubble does not fetch them back after a re-render.
  useEffect(() => {
    if (instanceId && state.status === 'ready' && media.url?.startsWith('data:')) rememberMedia(instanceId, m.id, state.content)
  }, [instanceId, m.id, media.url, state])

  const load = useCallback(async (): Promise<MediaContentDto | undefined> => {
    if (!instanceId) return undefined
    setState({ status: 'loading' })
    try {
      const content = await loadMedia(instanceId, m.chatId, m.id)
      setState({ status: 'ready', content })
      return content
    } catch (e) {
      setState({ status: 'failed', error: toUiError(e) })
      return undefined
    }
  }, [instanceId, m.chatId, m.id])

  // Photos, stickers and voice notes are small: fetched at once. Video and documents when asked for.
  const eager = kind === 'image' || kind === 'sticker' || kind === 'audio'
  useEffect(() => {
    if (eager && state.status === 'idle') void load()
  }, [eager, state.status, load])

  const chip = (
    <span className="attachment">
      <Icon name="clip" /> {label}
    </span>
  )

  if (state.status === 'failed') {
    return (
      <span className="media-failed">
        {chip}
        <span className="media-error small" role="alert">
          {state.error.message}
        </span>
        <button type="button" className="link" onClick={() => void load()} aria-label={t('media.retryNamed', { label })}>
          {t('media.retry')}
        </button>
      </span>
    )
  }

  const fileName = (content: MediaContentDto) => media.filename ?? `${label}.${content.mimetype.split(';')[0]!.split('/')[1] ?? 'bin'}`
  const download = async () => {
    const content = state.status === 'ready' ? state.content : await load()
    if (content) saveFile(content, fileName(content))
  }
  const downloadButton = (
    <button type="button" className="link media-download" disabled={state.status === 'loading'} onClick={() => void download()} aria-label={t('media.downloadNamed', { label })}>
      {state.status === 'loading' && kind === 'document' ? t('media.downloading') : t('media.download')}
    </button>
  )

  if (kind === 'document') {
    return (
      <span className="media-document">
        {chip}
        {downloadButton}
      </span>
    )
  }

  if (state.status !== 'ready') {
    if (kind === 'video' && state.status === 'idle') {
      return (
        <span className="media-document">
          {chip}
          <button type="button" onClick={() => void load()} aria-label={t('media.playNamed', { label })}>
            {t('media.play')}
          </button>
          {downloadButton}
        </span>
      )
    }
    // The box a photo will fill, so the thread keeps its height while it loads.
    const frame = kind === 'image' ? 'media-frame' : kind === 'sticker' ? 'media-frame sticker' : 'media-loading'
    return <span className={frame}>{state.status === 'loading' ? <Spinner label={t('media.loading', { label: label.toLowerCase() })} /> : chip}</span>
  }

  const content = state.content
  const src = content.dataUrl
  const viewer = viewing && (kind === 'image' || kind === 'sticker' || kind === 'video') ? (
    <MediaViewer content={content} label={label} kind={kind} onDownload={() => saveFile(content, fileName(content))} onClose={() => setViewing(false)} />
  ) : null
  if (kind === 'image' || kind === 'sticker') {
    return (
      <span className="media-block">
        <button type="button" className={kind === 'image' ? 'media-frame' : 'media-frame sticker'} onClick={() => setViewing(true)} aria-label={t('media.enlarge', { label: label.toLowerCase() })}>
          <img src={src} alt={label} className={kind === 'image' ? 'bubble-image' : 'bubble-sticker'} />
        </button>
        {downloadButton}
        {viewer}
      </span>
    )
  }
  if (kind === 'video') {
    return (
      <span className="media-block">
        <span className="media-frame">
          <video src={src} controls autoPlay aria-label={label} className="bubble-video" />
        </span>
        <span className="row small">
          <button type="button" className="link" onClick={() => setViewing(true)} aria-label={t('media.enlarge', { label: label.toLowerCase() })}>
            {t('reviewWords.enlarge')}
          </button>
          {downloadButton}
        </span>
        {viewer}
      </span>
    )
  }
  return (
    <span className="media-block">
      <audio src={src} controls aria-label={label} className="bubble-audio" />
      {downloadButton}
    </span>
  )
}
