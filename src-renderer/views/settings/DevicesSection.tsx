// Browsers let into this Switchboard (issue 20 item 3): each stays let in across restarts with its own device
// credential until signed out here: this browser, another one, or every other one. A signed-out browser's open
// tabs are closed by the core at once and need a new link (npm run ui-link).
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { UiDevicesDto } from '../../../src-preload/contract/dto.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { bridge, call } from '../../lib/bridge.js'
import { toUiError, type UiError } from '../../lib/errors.js'
import { formatDateTime, formatNumber } from '../../lib/format.js'
import { useAppStore } from '../../stores/app-store.js'
import { confirmDone } from '../../stores/toasts-store.js'

export function DevicesSection() {
  const reconnects = useAppStore((s) => s.reconnects)
  const [data, setData] = useState<UiDevicesDto | null>(null)
  const [error, setError] = useState<UiError | null>(null)
  const [busy, setBusy] = useState(false)
  const { t } = useTranslation()
  const load = useCallback(async () => {
    try {
      setData(await call(bridge().devices.list({})))
      setError(null)
    } catch (e) {
      setError(toUiError(e))
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load, reconnects])
  const act = async (run: () => Promise<string>) => {
    setBusy(true)
    try {
      confirmDone(await run())
      await load()
    } catch (e) {
      setError(toUiError(e))
    } finally {
      setBusy(false)
    }
  }
  const signOut = (id: string, label: string) =>
    act(async () => {
      await call(bridge().devices.revoke({ deviceId: id }))
      return t('devices.signedOut', { label })
    })
  const signOutOthers = () =>
    act(async () => {
      const r = await call(bridge().devices.revokeOthers({}))
      return r.revoked === 1 ? t('devices.othersOne') : t('devices.othersMany', { n: formatNumber(r.revoked) })
    })
  if (!data && !error) return null
  const others = data?.devices.filter((d) => d.id !== data.currentId) ?? []
  return (
    <div className="panel" role="region" aria-labelledby="devices-title">
      <h2 id="devices-title">{t('devices.title')}</h2>
      <p className="muted small">{t('devices.intro')}</p>
      <ErrorNote error={error} />
      {data && !data.devices.length ? <p className="muted small">{t('devices.none')}</p> : null}
      <ul className="device-list">
        {data?.devices.map((d) => (
          <li key={d.id} className="row">
            <span>
              {d.label}
              {d.id === data.currentId ? <strong>{t('devices.thisBrowser')}</strong> : null}
            </span>
            <span className="muted small">
              {t('devices.seen', { created: formatDateTime(d.createdAt), seen: formatDateTime(d.lastSeenAt) })}
            </span>
            <button type="button" disabled={busy} onClick={() => void signOut(d.id, d.id === data.currentId ? t('devices.thisSignedOut') : d.label)}>
              {d.id === data.currentId ? t('devices.signOutThis') : t('devices.signOut')}
            </button>
          </li>
        ))}
      </ul>
      {others.length > 1 || (others.length === 1 && data?.currentId) ? (
        <button type="button" disabled={busy} onClick={() => void signOutOthers()}>
          {t('devices.signOutOthers')}
        </button>
      ) : null}
    </div>
  )
}
