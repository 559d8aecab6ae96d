// The small print every app setting shares: pinned by a flag (cannot be changed here), applies at the next start,
// and the section's outcome line (saved, in an aria-live status, or the core's refusal).
import { useTranslation } from 'react-i18next'
import type { SettingDto } from '../../../src-preload/contract/dto.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { useSettingsStore, type SettingsSection } from '../../stores/settings-store.js'

export function PinnedNote({ setting, id }: { setting: SettingDto<unknown>; id?: string }) {
  const { t } = useTranslation()
  if (!setting.pinnedBy) return null
  return (
    <p className="muted small" id={id}>
      {t('notes.pinnedBy')} <code>{setting.pinnedBy}</code> {t('notes.pinnedRest')}
    </p>
  )
}

/** For settings that apply when Switchboard starts again: says so while the choice differs from what runs. */
export function NextStartNote({ setting, show }: { setting: SettingDto<unknown>; show: (v: never) => string }) {
  const { t } = useTranslation()
  if (JSON.stringify(setting.value) === JSON.stringify(setting.effective)) return null
  return (
    <p className="note note-info small" role="note">
      {t('notes.nextStart', { now: show(setting.effective as never), then: show(setting.value as never) })}
    </p>
  )
}

export function SectionOutcome({ section }: { section: SettingsSection }) {
  const saved = useSettingsStore((s) => (s.saved?.section === section ? s.saved.text : null))
  const error = useSettingsStore((s) => (s.error?.section === section ? s.error : null))
  const { t } = useTranslation()
  return (
    <>
      <p className="small" role="status" aria-live="polite">
        {saved ? t('notes.saved', { what: saved }) : ''}
      </p>
      <ErrorNote error={error} />
    </>
  )
}

/** A quota as typed: a whole number, or unlimited (empty is not a choice). */
export function parseQuotaText(text: string): number | 'unlimited' | undefined {
  const t = text.trim().toLowerCase()
  if (t === 'unlimited') return 'unlimited'
  return /^\d{1,6}$/.test(t) && Number(t) <= 100_000 ? Number(t) : undefined
}

export const quotaText = (q: number | null): string => (q === null ? 'unlimited' : String(q))
