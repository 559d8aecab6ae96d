// A temporary link (30 minutes) anyone can open to pair this instance without credentials: create, copy, revoke.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '../../components/CopyButton.js'
import { ErrorNote, Notice } from '../../components/ErrorNote.js'
import { useNow } from '../../components/use-now.js'
import { formatDuration, secondsLeft } from '../../lib/format.js'
import { useAppStore } from '../../stores/app-store.js'
import { usePairingStore } from '../../stores/pairing-store.js'

export function TempLinkPanel({ instanceId }: { instanceId: string }) {
  const link = usePairingStore((s) => s.links[instanceId])
  const { linkBusy, linkError, linkNotice, loadLink, createLink, revokeLink } = usePairingStore()
  const now = useNow(1_000)
  const reconnects = useAppStore((s) => s.reconnects)
  const { t } = useTranslation()
  useEffect(() => {
    void loadLink(instanceId)
  }, [instanceId, loadLink, reconnects])
  const live = link?.link && link.expiresAt && link.expiresAt > now ? link : null
  return (
    <div className="panel">
      <h2>{t('uiWords.pairing.linkTitle')}</h2>
      <p className="muted">{t('uiWords.pairing.linkHow')}</p>
      {live ? (
        <div className="temp-link">
          <input readOnly aria-label={t('uiWords.pairing.linkLabel')} value={live.link!} onFocus={(e) => e.currentTarget.select()} />
          {live.qrImage ? <img className="temp-link-qr" src={live.qrImage} alt={t('uiWords.pairing.linkQrAlt')} width={160} height={160} /> : null}
          <div className="row">
            <CopyButton text={live.link!} />
            <button type="button" className="danger" disabled={linkBusy} onClick={() => void revokeLink(instanceId)}>
              {t('uiWords.pairing.revoke')}
            </button>
            <span className="muted" data-testid="link-expiry">
              {t('uiWords.pairing.expiresIn', { time: formatDuration(secondsLeft(live.expiresAt!, now) * 1000) })}
            </span>
          </div>
        </div>
      ) : (
        <button type="button" disabled={linkBusy} onClick={() => void createLink(instanceId)}>
          {t('uiWords.pairing.createLink')}
        </button>
      )}
      {linkNotice && !live ? <Notice>{linkNotice}</Notice> : null}
      <ErrorNote error={linkError} />
    </div>
  )
}
