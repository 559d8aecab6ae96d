// Writing a message: Enter sends, Shift+Enter starts a new line; a file can be attached (up to 16 MiB) with the
// text as its caption, and removed again. Disabled while the instance cannot send (the view says why); a draft
// typed meanwhile stays. The attachment is previewed (image, player, or name and size) before it is sent.
// Typing "/" and a shortcut offers the saved replies (arrows choose, Enter or Tab inserts, Escape closes).
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Icon } from '../../components/Icon.js'
import { fileToBase64 } from '../../lib/files.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { matchReplies, slashQuery, useSavedRepliesStore } from '../../stores/saved-replies-store.js'
import { AttachmentPreview } from './AttachmentPreview.js'
import { ReplySuggestions } from './ReplySuggestions.js'

const MAX_FILE_BYTES = 16 * 1024 * 1024

export function Composer({ disabled = false }: { disabled?: boolean }) {
  const [text, setText] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const textArea = useRef<HTMLTextAreaElement>(null)
  const { t } = useTranslation()
  const { sending, sendError, sendText, sendFile } = useChatsStore()
  const { replies, loaded: repliesLoaded, load: loadReplies } = useSavedRepliesStore()
  const [caret, setCaret] = useState(0)
  const [active, setActive] = useState(0)
  /** The "/word" whose suggestions Escape closed (they open again once the word changes). */
  const [dismissed, setDismissed] = useState<string | null>(null)
  useEffect(() => {
    if (!repliesLoaded) void loadReplies()
  }, [repliesLoaded, loadReplies])
  const slash = slashQuery(text, caret)
  const slashKey = slash ? `${slash.start}:${slash.query}` : null
  const matches = slash && slashKey !== dismissed ? matchReplies(replies, slash.query) : []
  const suggesting = slash !== null && slashKey !== dismissed
  const edit = (value: string, at: number) => {
    setText(value)
    setCaret(at)
    setActive(0)
  }
  const insert = (replyText: string) => {
    if (!slash) return
    const before = text.slice(0, slash.start)
    const next = before + replyText + text.slice(caret)
    const at = before.length + replyText.length
    edit(next, at)
    requestAnimationFrame(() => {
      textArea.current?.focus()
      textArea.current?.setSelectionRange(at, at)
    })
  }

  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    if (disabled || sending || (!text.trim() && !file)) return
    const ok = file
      ? await sendFile({ name: file.name, mimetype: file.type || 'application/octet-stream', base64: await fileToBase64(file) }, text.trim() || undefined)
      : await sendText(text)
    if (ok) {
      setText('')
      setFile(null)
      if (fileInput.current) fileInput.current.value = ''
    }
  }
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggesting && matches.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault()
        const step = e.key === 'ArrowDown' ? 1 : matches.length - 1
        return setActive((i) => (i + step) % matches.length)
      }
      if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
        e.preventDefault()
        return insert(matches[Math.min(active, matches.length - 1)]!.text)
      }
    }
    if (suggesting && e.key === 'Escape') {
      e.preventDefault()
      return setDismissed(slashKey)
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault()
      void submit()
    }
  }
  const pick = (f: File | undefined) => {
    setFileProblem(f && f.size > MAX_FILE_BYTES ? t('composer.tooBig') : null)
    setFile(f && f.size <= MAX_FILE_BYTES ? f : null)
  }
  const unpick = () => {
    pick(undefined)
    if (fileInput.current) fileInput.current.value = ''
  }
  return (
    <form className="composer" onSubmit={(e) => void submit(e)} aria-label={t('composer.form')}>
      {file ? <AttachmentPreview file={file} /> : null}
      <label htmlFor="composer-text" className="sr-only">{t('composer.message')}</label>
      {suggesting ? <ReplySuggestions id="reply-suggestions" replies={matches} active={Math.min(active, matches.length - 1)} query={slash.query} onPick={(r) => insert(r.text)} /> : null}
      <textarea
        ref={textArea}
        id="composer-text"
        rows={2}
        placeholder={file ? t('composer.caption') : t('composer.form')}
        value={text}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={suggesting && matches.length > 0}
        {...(suggesting ? { 'aria-controls': 'reply-suggestions' } : {})}
        {...(suggesting && matches.length ? { 'aria-activedescendant': `reply-option-${matches[Math.min(active, matches.length - 1)]!.id}` } : {})}
        onChange={(e) => edit(e.target.value, e.target.selectionStart)}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKey}
      />
      <label className={`file-button${disabled ? ' disabled' : ''}`}>
        <Icon name="clip" />
        <span className="file-name">{file ? file.name : t('composer.attach')}</span>
        <input ref={fileInput} type="file" className="sr-only" aria-label={t('composer.attachFile')} disabled={disabled} onChange={(e) => pick(e.target.files?.[0])} />
      </label>
      {file ? (
        <button type="button" aria-label={t('composer.removeNamed', { name: file.name })} title={t('composer.remove')} onClick={unpick}>
          ✕
        </button>
      ) : null}
      <button type="submit" className="primary" disabled={disabled || sending || (!text.trim() && !file)}>
        {sending ? t('composer.sending') : t('composer.send')}
      </button>
      {fileProblem ? <p className="field-error" role="alert">{fileProblem}</p> : null}
      <ErrorNote error={sendError} />
    </form>
  )
}
