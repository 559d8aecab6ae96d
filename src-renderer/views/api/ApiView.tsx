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
  return (
    <>
      <span className="row">
        <span className="mono" data-testid="api-docker-url">{docker.baseUrl}</span>
        {docker.allowed ? <CopyButton text={docker.baseUrl} /> : null}
      </span>
      {docker.allowed ? (
        <p className="muted small" data-testid="api-docker-hint">
          Accepted.{' '}
          {docker.loopbackOnly
            ? 'Docker Desktop (Windows, macOS) reaches this computer through it; on Linux a container cannot reach 127.0.0.1: set the bind address to 0.0.0.0 in Settings (the token is then needed on every route) and run the container with --add-host=host.docker.internal:host-gateway.'
            : 'Run the container with --add-host=host.docker.internal:host-gateway on Linux. Every route needs the access token from other addresses.'}
        </p>
      ) : (
        <p className="muted small" data-testid="api-docker-hint">
          Not allowed yet: a request with this host name is refused (forbidden_host). Add host.docker.internal to the allowed hosts in Settings (it applies at once){docker.loopbackOnly ? '; on Linux also set the bind address to 0.0.0.0 there, which needs the token on every route.' : '.'}
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
  if (!info) return error ? <ErrorNote error={error} /> : <Spinner label="Loading…" />
  return (
    <section aria-labelledby="api-title" className="view">
      <header className="view-header">
        <h1 id="api-title">{t('nav.api')}</h1>
      </header>
      <div className="panel">
        <dl className="details">
          <dt>Base URL</dt>
          <dd className="row">
            <span className="mono" data-testid="api-base-url">{info.baseUrl}</span>
            <CopyButton text={info.baseUrl} />
          </dd>
          <dt>From Docker</dt>
          <dd>
            <DockerAccess docker={info.docker} />
          </dd>
          <dt>Documentation</dt>
          <dd>
            <a href={info.docsUrl} target="_blank" rel="noreferrer noopener">{info.docsUrl}</a> (OpenAPI, every route and error)
          </dd>
          <dt>Access token</dt>
          <dd className="row">
            <span className="mono token" data-testid="api-token">{token ?? '•'.repeat(24)}</span>
            {token ? (
              <>
                <CopyButton text={token} />
                <button type="button" onClick={hide}>Hide</button>
              </>
            ) : (
              <button type="button" disabled={busy !== null || !info.tokenAvailable} onClick={() => void reveal()}>Reveal</button>
            )}
            <button type="button" className="danger" disabled={busy !== null} onClick={() => setConfirmRotate(true)}>Rotate</button>
            {busy ? <Spinner label={busy === 'rotate' ? 'Rotating…' : 'Revealing…'} /> : null}
          </dd>
        </dl>
        {rotated ? <Notice>Token rotated: the old one stopped working. Give this new one to every tool that calls the API.</Notice> : null}
        <ErrorNote error={error} />
      </div>
      <CurlExamples baseUrl={info.baseUrl} token={token} instanceId={instanceId} />
      {confirmRotate ? (
        <ConfirmDialog
          title="Rotate the access token?"
          body="The current token stops working at once: every tool that uses it must be given the new one."
          confirmLabel="Rotate token"
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
