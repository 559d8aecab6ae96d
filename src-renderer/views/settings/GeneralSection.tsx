// Log level (live), the data folder (shown, copied, opened by the desktop app) and start at login (desktop only).
import { useTranslation } from 'react-i18next'
import type { LogLevel } from '../../../src-preload/contract/dto.js'
import { CopyButton } from '../../components/CopyButton.js'
import { useSettingsStore } from '../../stores/settings-store.js'
import { PinnedNote, SectionOutcome } from './SettingNotes.js'

const LEVELS: readonly LogLevel[] = ['error', 'warn', 'info', 'debug']

export function GeneralSection() {
  const settings = useSettingsStore((s) => s.settings)
  const save = useSettingsStore((s) => s.save)
  const openFolder = useSettingsStore((s) => s.openFolder)
  const { t } = useTranslation()
  if (!settings) return null
  const { logLevel, dataDir, startAtLogin } = settings
  return (
    <div className="panel" role="region" aria-labelledby="general-title">
      <h2 id="general-title">{t('general.title')}</h2>
      <div className="row">
        <label htmlFor="settings-log-level">{t('general.logLevel')}</label>
        <select id="settings-log-level" value={logLevel.value} disabled={!!logLevel.pinnedBy} onChange={(e) => void save('general', { logLevel: e.target.value as LogLevel }, t('notes.logLevel', { level: e.target.value }))}>
          {LEVELS.some((l) => l === logLevel.value) ? null : <option value={logLevel.value}>{logLevel.value}</option>}
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`general.level.${l}`)}
            </option>
          ))}
        </select>
        <span className="muted small">{t('general.logHint')}</span>
      </div>
      <PinnedNote setting={logLevel} />
      <div className="row" role="group" aria-labelledby="data-dir-label">
        <span id="data-dir-label">{t('general.dataFolder')}</span>
        <span className="mono small" data-testid="data-dir">{dataDir.path}</span>
        <CopyButton text={dataDir.path} label={t('general.copyPath')} />
        {dataDir.canOpen ? (
          <button type="button" onClick={() => void openFolder()}>
            {t('general.openFolder')}
          </button>
        ) : null}
      </div>
      <p className="muted small">{t('general.dataHint')}</p>
      {startAtLogin.available ? (
        <label className="row">
          <input type="checkbox" checked={startAtLogin.value} onChange={(e) => void save('general', { startAtLogin: e.target.checked }, e.target.checked ? t('notes.startsAtLogin') : t('notes.noStartAtLogin'))} />
          {t('general.startAtLogin')}
        </label>
      ) : dataDir.canOpen ? (
        <p className="muted small">{t('general.startAtLoginManual')}</p>
      ) : (
        <p className="muted small">{t('general.startAtLoginHeadless')}</p>
      )}
      <SectionOutcome section="general" />
    </div>
  )
}
