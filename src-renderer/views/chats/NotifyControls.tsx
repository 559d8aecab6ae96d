// The Chats view's announcement controls (issue 20 item 2): turn on this browser's notifications (the permission is
// asked here, on the user's click, never on load), announce this number or not (a mute the core keeps), and a sound.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/ErrorNote.js'
import { useNotifyStore } from '../../stores/notify-store.js'

export function NotifyControls({ instanceId }: { instanceId: string }) {
  const { muted, sound, permission, loaded, error, load, setMuted, setSound, requestPermission } = useNotifyStore()
  useEffect(() => {
    if (!loaded) void load()
  }, [loaded, load])
  const on = !muted.includes(instanceId)
  const { t } = useTranslation()
  return (
    // A disclosure in the header: open, the controls lie over the page instead of pushing the chats down (760x520).
    <details className="notify-menu">
      <summary>{t('notify.title')}{permission === 'granted' && on ? '' : permission === 'granted' ? t('notify.off') : ''}</summary>
      <div className="notify-controls row small" role="group" aria-label={t('notify.group')}>
      {permission === 'default' ? (
        <button type="button" onClick={() => void requestPermission()}>
          {t('notify.turnOn')}
        </button>
      ) : null}
      {permission === 'denied' ? <span className="muted">{t('notify.blocked')}</span> : null}
      <label>
        <input type="checkbox" checked={on} onChange={(e) => void setMuted(instanceId, !e.target.checked)} /> {t('notify.thisNumber')}
      </label>
      <label>
        <input type="checkbox" checked={sound} onChange={(e) => void setSound(e.target.checked)} /> {t('notify.sound')}
      </label>
        <ErrorNote error={error} />
      </div>
    </details>
  )
}
