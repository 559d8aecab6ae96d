// API access for automation tools: base URL, docs, the access token (hidden until revealed; copy; rotate) and
// curl examples ready to paste.
import { useTranslation } from 'react-i18next'
import { useEffect, useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import type { ApiInfoDto } from '../../../src-preload/contract/dto.js'
import { CopyButton } from '../../components/CopyButton.js'
import { ErrorNote, Notice } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { useAppStore } from '../../stores/app-store.js'
import { useApiStore } from '../../stores/api-store.js'
import { CurlExamples } from './CurlExamples.js'

/** The base URL a container on this PC uses (n8n, Node-RED, Home Assistant in Docker), or how to allow it. */
function DockerAccess({ docker }: { docker: ApiInfoDto['docker'] }) {
  const { t } = useTranslation()
  return (
    <>
      <span className="row">
        <span className="mono" data-testid="api-docker-url">{docker.baseUrl}</span>
        {docker.allowed ? <CopyButton text={docker.baseUrl} /> : null}
      </span>
      {docker.allowed ? (
        <p className="muted small" data-testid="api-docker-hint">
          {t('api.docker.accepted')} {docker.loopbackOnly ? t('api.docker.loopback') : t('api.docker.open')}
        </p>
      ) : (
        <p className="muted small" data-testid="api-docker-hint">
          {docker.loopbackOnly ? t('api.docker.notAllowedLoopback') : t('api.docker.notAllowed')}
        </p>
      )}
    </>
  )
}

export function ApiView() {
  const { t } = useTranslation()
  const { info, token, busy, rotated, error, load, reveal, hide, rotate } = useApiStore()
  const instanceId = useAppStore((s) => s.instanceId)
  const [confirmRotate, setConfirmRotate] = useState(false)
  const reconnects = useAppStore((s) => s.reconnects)
  useEffect(() => {
    void load()
  }, [load, reconnects])
  if (!info) return error ? <ErrorNote error={error} /> : <Spinner label={t('common.loading')} />
  return (
    <section aria-labelledby="api-title" className="view">
      <header className="view-header">
        <h1 id="api-title">{t('nav.api')}</h1>
      </header>
      <div className="panel">
        <dl className="details">
          <dt>{t('api.baseUrl')}</dt>
          <dd className="row">
            <span className="mono" data-testid="api-base-url">{info.baseUrl}</span>
            <CopyButton text={info.baseUrl} />
          </dd>
          <dt>{t('api.fromDocker')}</dt>
          <dd>
            <DockerAccess docker={info.docker} />
          </dd>
          <dt>{t('api.docs')}</dt>
          <dd>
            <a href={info.docsUrl} target="_blank" rel="noreferrer noopener">{info.docsUrl}</a> {t('api.docsHint')}
          </dd>
          <dt>{t('api.token')}</dt>
          <dd className="row">
            <span className="mono token" data-testid="api-token">{token ?? '•'.repeat(24)}</span>
            {token ? (
              <>
                <CopyButton text={token} />
                <button type="button" onClick={hide}>{t('api.hide')}</button>
              </>
            ) : (
              <button type="button" disabled={busy !== null || !info.tokenAvailable} onClick={() => void reveal()}>{t('api.reveal')}</button>
            )}
            <button type="button" className="danger" disabled={busy !== null} onClick={() => setConfirmRotate(true)}>{t('api.rotate')}</button>
            {busy ? <Spinner label={busy === 'rotate' ? t('api.rotating') : t('api.revealing')} /> : null}
          </dd>
        </dl>
        {rotated ? <Notice>{t('api.rotated')}</Notice> : null}
        <ErrorNote error={error} />
      </div>
      <CurlExamples baseUrl={info.baseUrl} token={token} instanceId={instanceId} />
      {confirmRotate ? (
        <ConfirmDialog
          title={t('api.rotateTitle')}
          body={t('api.rotateBody')}
          confirmLabel={t('api.rotateConfirm')}
          onCancel={() => setConfirmRotate(false)}
          onConfirm={() => {
            setConfirmRotate(false)
            void rotate()
          }}
        />
      ) : null}
    </section>
  )
}
