// Saved replies (issue 20 item 7): texts the shop sends often, typed in any chat as "/shortcut". Kept by the core
// for the account (all of its numbers), so they are there after a reload or a restart. Added, changed and removed here.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SavedReplyDto } from '../../../src-preload/contract/index.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { useAppStore } from '../../stores/app-store.js'
import { useSavedRepliesStore } from '../../stores/saved-replies-store.js'

export function SavedRepliesSection() {
  const { replies, busy, error, load, save, remove } = useSavedRepliesStore()
  const reconnects = useAppStore((s) => s.reconnects)
  const [editing, setEditing] = useState<SavedReplyDto | null>(null)
  const [shortcut, setShortcut] = useState('')
  const [text, setText] = useState('')
  const { t } = useTranslation()
  useEffect(() => {
    void load()
  }, [load, reconnects])
  const startEdit = (r: SavedReplyDto | null) => {
    setEditing(r)
    setShortcut(r?.shortcut ?? '')
    setText(r?.text ?? '')
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (await save({ ...(editing ? { id: editing.id } : {}), shortcut, text })) startEdit(null)
  }
  return (
    <div className="panel" role="region" aria-labelledby="saved-replies-title">
      <h2 id="saved-replies-title">{t('replies.title')}</h2>
      <p className="muted small">{t('replies.intro')}</p>
      <ErrorNote error={error} />
      {replies.length ? (
        <ul className="saved-replies">
          {replies.map((r) => (
            <li key={r.id} className="row">
              <strong>/{r.shortcut}</strong>
              <span className="saved-reply-text">{r.text}</span>
              <button type="button" disabled={busy} onClick={() => startEdit(r)} aria-label={t('replies.editNamed', { shortcut: r.shortcut })}>
                {t('common.edit')}
              </button>
              <button type="button" className="danger" disabled={busy} onClick={() => void remove(r.id)} aria-label={t('replies.deleteNamed', { shortcut: r.shortcut })}>
                {t('common.delete')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">{t('replies.none')}</p>
      )}
      <form className="saved-reply-form" onSubmit={(e) => void submit(e)} aria-label={editing ? t('replies.editNamed', { shortcut: editing.shortcut }) : t('replies.addForm')}>
        <label htmlFor="saved-reply-shortcut">{t('replies.shortcut')}</label>
        <span className="row">
          <span aria-hidden="true">/</span>
          <input id="saved-reply-shortcut" value={shortcut} onChange={(e) => setShortcut(e.target.value)} placeholder={t('replies.shortcutExample')} maxLength={33} required />
        </span>
        <label>
          {t('replies.reply')}
          <textarea rows={2} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('replies.replyExample')} maxLength={4096} required />
        </label>
        <span className="row">
          <button type="submit" className="primary" disabled={busy || !shortcut.trim() || !text.trim()}>
            {editing ? t('replies.saveChanges') : t('replies.add')}
          </button>
          {editing ? (
            <button type="button" onClick={() => startEdit(null)}>
              {t('common.cancel')}
            </button>
          ) : null}
        </span>
      </form>
    </div>
  )
}
