// Log level (live), the data folder (shown, copied, opened by the desktop app) and start at login (desktop only).
import type { LogLevel } from '../../../src-preload/contract/dto.js'
import { CopyButton } from '../../components/CopyButton.js'
import { useSettingsStore } from '../../stores/settings-store.js'
import { PinnedNote, SectionOutcome } from './SettingNotes.js'

const LEVELS: { value: LogLevel; label: string }[] = [
  { value: 'error', label: 'Errors only' },
  { value: 'warn', label: 'Warnings and errors' },
  { value: 'info', label: 'Normal (info)' },
  { value: 'debug', label: 'Detailed (debug)' }
]

export function GeneralSection() {
  const settings = useSettingsStore((s) => s.settings)
  const save = useSettingsStore((s) => s.save)
  const openFolder = useSettingsStore((s) => s.openFolder)
  if (!settings) return null
  const { logLevel, dataDir, startAtLogin } = settings
  return (
    <div className="panel" role="region" aria-labelledby="general-title">
      <h2 id="general-title">Logs, data and startup</h2>
      <div className="row">
        <label htmlFor="settings-log-level">Log level</label>
        <select id="settings-log-level" value={logLevel.value} disabled={!!logLevel.pinnedBy} onChange={(e) => void save('general', { logLevel: e.target.value as LogLevel }, `log level ${e.target.value}`)}>
          {LEVELS.some((l) => l.value === logLevel.value) ? null : <option value={logLevel.value}>{logLevel.value}</option>}
          {LEVELS.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
        <span className="muted small">Written to logs/switchboard.log in the data folder; applies at once.</span>
      </div>
      <PinnedNote setting={logLevel} />
      <div className="row" role="group" aria-labelledby="data-dir-label">
        <span id="data-dir-label">Data folder</span>
        <span className="mono small" data-testid="data-dir">{dataDir.path}</span>
        <CopyButton text={dataDir.path} label="Copy path" />
        {dataDir.canOpen ? (
          <button type="button" onClick={() => void openFolder()}>
            Open folder
          </button>
        ) : null}
      </div>
      <p className="muted small">Your chats, media, session keys and this app’s settings live here. To move to a new PC, use Backup below: a plain copy of this folder taken while Switchboard runs can be inconsistent.</p>
      {startAtLogin.available ? (
        <label className="row">
          <input type="checkbox" checked={startAtLogin.value} onChange={(e) => void save('general', { startAtLogin: e.target.checked }, e.target.checked ? 'starts at login' : 'does not start at login')} />
          Start Switchboard when I log in
        </label>
      ) : dataDir.canOpen ? (
        <p className="muted small">Start at login: add Switchboard to your desktop’s startup (autostart) applications; the app cannot set it on this system.</p>
      ) : (
        <p className="muted small">Start at login is a setting of the desktop app: this headless server starts however you start it (a service, a scheduled task).</p>
      )}
      <SectionOutcome section="general" />
    </div>
  )
}
