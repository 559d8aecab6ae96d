// Settings > Backup (issue 21 item 7): one encrypted file with every chat, pairing, webhook and media file, written
// while the app runs, to move to a new PC without pairing every number again.
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../lib/format.js'
import { useState, type FormEvent } from 'react'
import { CopyButton } from '../../components/CopyButton.js'
import { useSettingsStore } from '../../stores/settings-store.js'
import { SectionOutcome } from './SettingNotes.js'

const MIN_LENGTH = 8

export function BackupSection() {
  const owner = useSettingsStore((s) => s.settings !== null)
  const { running, last } = useSettingsStore((s) => s.backup)
  const createBackup = useSettingsStore((s) => s.createBackup)
  const [passphrase, setPassphrase] = useState('')
  const [repeat, setRepeat] = useState('')
  const { t } = useTranslation()
  if (!owner) return null
  const problem =
    passphrase.length > 0 && passphrase.length < MIN_LENGTH ? t('backup.tooShort', { n: MIN_LENGTH }) : repeat.length > 0 && repeat !== passphrase ? t('backup.differ') : null
  const ready = passphrase.length >= MIN_LENGTH && repeat === passphrase && !running
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!ready) return
    if (await createBackup(passphrase)) {
      setPassphrase('')
      setRepeat('')
    }
  }
  return (
    <div className="panel" role="region" aria-labelledby="backup-title">
      <h2 id="backup-title">{t('backup.title')}</h2>
      <p className="muted small">
        {t('backup.introBefore')}
        <code> npm run serve -- restore --in FILE --data-dir NEW_FOLDER</code>
        {t('backup.introAfter')}
      </p>
      <form onSubmit={(e) => void submit(e)} className="stack">
        <div className="row">
          <label htmlFor="backup-passphrase">{t('backup.passphrase')}</label>
          <input id="backup-passphrase" type="password" autoComplete="new-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} aria-describedby="backup-passphrase-note" />
        </div>
        <div className="row">
          <label htmlFor="backup-repeat">{t('backup.repeat')}</label>
          <input id="backup-repeat" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
        </div>
        <p id="backup-passphrase-note" className="muted small" role={problem ? 'alert' : undefined}>
          {problem ?? t('backup.note')}
        </p>
        <div className="row">
          <button type="submit" disabled={!ready}>
            {running ? t('backup.running') : t('backup.now')}
          </button>
        </div>
      </form>
      {last ? (
        <div className="row">
          <span>
            {t('backup.done', { count: last.instances, messages: formatNumber(last.messages) })}{' '}
            <span className="mono small" data-testid="backup-file">{last.file}</span>
          </span>
          <CopyButton text={last.file} label={t('general.copyPath')} />
        </div>
      ) : null}
      <SectionOutcome section="backup" />
    </div>
  )
}
