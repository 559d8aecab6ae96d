// Settings > Backup (issue 21 item 7): one encrypted file with every chat, pairing, webhook and media file, written
// while the app runs, to move to a new PC without pairing every number again.
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
  if (!owner) return null
  const problem =
    passphrase.length > 0 && passphrase.length < MIN_LENGTH ? `At least ${MIN_LENGTH} characters.` : repeat.length > 0 && repeat !== passphrase ? 'The two passphrases differ.' : null
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
      <h2 id="backup-title">Backup</h2>
      <p className="muted small">
        One encrypted file with your chats, paired numbers, webhooks and media. Restore it on a new PC with
        <code> npm run serve -- restore --in FILE --data-dir NEW_FOLDER</code>; the numbers work there without a new scan. Then stop
        using them here: the same number on two PCs at once gets logged out.
      </p>
      <form onSubmit={(e) => void submit(e)} className="stack">
        <div className="row">
          <label htmlFor="backup-passphrase">Passphrase</label>
          <input id="backup-passphrase" type="password" autoComplete="new-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} aria-describedby="backup-passphrase-note" />
        </div>
        <div className="row">
          <label htmlFor="backup-repeat">Repeat it</label>
          <input id="backup-repeat" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
        </div>
        <p id="backup-passphrase-note" className="muted small" role={problem ? 'alert' : undefined}>
          {problem ?? 'Without it the backup cannot be opened, by anyone (Switchboard cannot recover it).'}
        </p>
        <div className="row">
          <button type="submit" disabled={!ready}>
            {running ? 'Backing up…' : 'Back up now'}
          </button>
        </div>
      </form>
      {last ? (
        <div className="row">
          <span>
            Backed up {last.instances} {last.instances === 1 ? 'number' : 'numbers'} and {last.messages.toLocaleString()} messages to{' '}
            <span className="mono small" data-testid="backup-file">{last.file}</span>
          </span>
          <CopyButton text={last.file} label="Copy path" />
        </div>
      ) : null}
      <SectionOutcome section="backup" />
    </div>
  )
}
