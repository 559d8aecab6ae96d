// Settings > API keys (issue 23 item 6): keys the account gives to a tool instead of its full token, limited to
// reading and/or to some instances. Listed without the key (its last 4 characters), created with the key shown
// once (copy it then), revoked after a confirmation. The core keeps only a hash.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { ApiKeyDto } from '../../../src-preload/contract/index.js'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { CopyButton } from '../../components/CopyButton.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { formatDate, formatDateTime } from '../../lib/format.js'
import { useApiKeysStore } from '../../stores/api-keys-store.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'

export function ApiKeysSection() {
  const { keys, busy, error, created, load, create, revoke, dismissCreated } = useApiKeysStore()
  const instances = useInstancesStore((s) => s.overview?.instances ?? null)
  const loadInstances = useInstancesStore((s) => s.load)
  const reconnects = useAppStore((s) => s.reconnects)
  const [name, setName] = useState('')
  const [readOnly, setReadOnly] = useState(false)
  const [picked, setPicked] = useState<string[]>([])
  const [confirm, setConfirm] = useState<ApiKeyDto | null>(null)
  const { t } = useTranslation()
  useEffect(() => {
    void load()
  }, [load, reconnects])
  useEffect(() => {
    if (instances === null) void loadInstances()
  }, [instances, loadInstances])
  const nameOf = (id: string) => instances?.find((i) => i.id === id)?.name ?? id
  const scopeOf = (k: ApiKeyDto) => {
    const where = k.instanceIds ? t('apiKeys.onlyInstances', { names: k.instanceIds.map(nameOf).join(', ') }) : t('apiKeys.allInstances')
    return `${where} · ${k.readOnly ? t('apiKeys.readOnly') : t('apiKeys.readWrite')}`
  }
  const toggle = (id: string, on: boolean) => setPicked((p) => (on ? [...p, id] : p.filter((x) => x !== id)))
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (await create({ name: name.trim(), readOnly, instanceIds: picked.length ? picked : null })) {
      setName('')
      setReadOnly(false)
      setPicked([])
    }
  }
  return (
    <div className="panel" role="region" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">{t('apiKeys.title')}</h2>
      <p className="muted small">{t('apiKeys.intro')}</p>
      <ErrorNote error={error} />
      {created ? (
        <div className="note" role="status" aria-label={t('apiKeys.createdLabel')}>
          <p>{t('apiKeys.created', { name: created.name })}</p>
          <p className="small">{t('apiKeys.copyNow')}</p>
          <code className="token">{created.token}</code>
          <span className="row">
            <CopyButton text={created.token} label={t('apiKeys.copy')} />
            <button type="button" onClick={dismissCreated}>
              {t('apiKeys.done')}
            </button>
          </span>
        </div>
      ) : null}
      {keys.length ? (
        <div className="table-scroll">
          <table className="api-keys">
            <thead>
              <tr>
                <th scope="col">{t('apiKeys.col.name')}</th>
                <th scope="col">{t('apiKeys.col.key')}</th>
                <th scope="col">{t('apiKeys.col.scope')}</th>
                <th scope="col">{t('apiKeys.col.created')}</th>
                <th scope="col">{t('apiKeyUse.lastUsed')}</th>
                <th scope="col">
                  <span className="sr-only">{t('apiKeys.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id} aria-label={t('apiKeys.row', { name: k.name })}>
                  <td>{k.name}</td>
                  <td>
                    <code>…{k.tokenHint}</code>
                  </td>
                  <td>{scopeOf(k)}</td>
                  <td>{formatDate(k.createdAt)}</td>
                  <td>{k.lastUsedAt === null ? t('apiKeyUse.never') : formatDateTime(k.lastUsedAt)}</td>
                  <td>
                    <button type="button" className="danger" disabled={busy} onClick={() => setConfirm(k)} aria-label={t('apiKeys.revokeNamed', { name: k.name })}>
                      {t('apiKeys.revoke')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted small">{t('apiKeys.none')}</p>
      )}
      <form className="api-key-form" onSubmit={(e) => void submit(e)} aria-label={t('apiKeys.createForm')}>
        <label>
          {t('apiKeys.name')}
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder={t('apiKeys.nameExample')} maxLength={100} required />
        </label>
        <label className="row">
          <input type="checkbox" checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} />
          {t('apiKeys.readOnlyOption')}
        </label>
        <fieldset>
          <legend>{t('apiKeys.instances')}</legend>
          <p className="muted small">{t('apiKeys.instancesHint')}</p>
          {instances?.length ? (
            instances.map((i) => (
              <label key={i.id} className="row">
                <input type="checkbox" checked={picked.includes(i.id)} onChange={(e) => toggle(i.id, e.target.checked)} />
                {i.name}
              </label>
            ))
          ) : (
            <p className="muted small">{t('apiKeys.noInstances')}</p>
          )}
        </fieldset>
        <button type="submit" className="primary" disabled={busy || !name.trim()}>
          {t('apiKeys.create')}
        </button>
      </form>
      {confirm ? (
        <ConfirmDialog
          title={t('apiKeys.revokeTitle', { name: confirm.name })}
          body={t('apiKeys.revokeBody')}
          confirmLabel={t('apiKeys.revoke')}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const { id } = confirm
            setConfirm(null)
            void revoke(id)
          }}
        />
      ) : null}
    </div>
  )
}
