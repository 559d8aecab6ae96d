// Accounts: one API token, plan and instance quota per client (a tester, an agency's customers). The list never
// holds a token: a new one is shown once, after add or rotate, with Copy. Remove and rotate ask first, naming the account.
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useEffect, useState } from 'react'
import type { AccountDto } from '../../../src-preload/contract/dto.js'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { CopyButton } from '../../components/CopyButton.js'
import { ErrorNote, Notice } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { useAccountsStore } from '../../stores/accounts-store.js'
import { useAppStore } from '../../stores/app-store.js'
import { AccountRow } from './AccountRow.js'
import { AddAccountForm } from './AddAccountForm.js'

type Confirm = { kind: 'rotate' | 'remove'; account: AccountDto } | null

function confirmText(t: TFunction, c: NonNullable<Confirm>): { title: string; body: string; label: string } {
  const { account: a } = c
  if (c.kind === 'rotate') return { title: t('accounts.rotateTitle', { name: a.name }), body: t('accounts.rotateBody'), label: t('accounts.rotate') }
  return {
    title: t('accounts.removeTitle', { name: a.name }),
    body: a.instances ? t('accounts.removeBodyInstances', { count: a.instances }) : t('accounts.removeBody'),
    label: t('accounts.removeAccount')
  }
}

export function AccountsSection() {
  const { overview, issued, busy, removed, error, load, rotate, remove, dismissToken } = useAccountsStore()
  const reconnects = useAppStore((s) => s.reconnects)
  const [confirm, setConfirm] = useState<Confirm>(null)
  const { t } = useTranslation()
  useEffect(() => {
    void load()
  }, [load, reconnects])
  const text = confirm ? confirmText(t, confirm) : null
  return (
    <div className="panel" role="region" aria-labelledby="accounts-title">
      <h2 id="accounts-title">{t('accounts.title')}</h2>
      <p className="muted small">
        {t('accounts.intro')}
      </p>
      {issued ? (
        <div className="note note-info" role="status" data-testid="issued-token">
          <p>
            {issued.why === 'added' ? t('accounts.added', { name: issued.account.name }) : t('accounts.newToken', { name: issued.account.name })} {t('accounts.copyNow')}
          </p>
          <span className="row">
            <span className="mono token">{issued.token}</span>
            <CopyButton text={issued.token} />
            <button type="button" onClick={dismissToken}>{t('accounts.done')}</button>
          </span>
        </div>
      ) : null}
      {removed ? <Notice>{removed.deletedInstances ? t('accounts.removedWith', { name: removed.name, count: removed.deletedInstances }) : t('accounts.removed', { name: removed.name })}</Notice> : null}
      <ErrorNote error={error} />
      {!overview ? (
        error ? null : <Spinner label={t('common.loading')} />
      ) : (
        <div className="table-scroll">
          <table className="accounts">
            <thead>
              <tr>
                <th scope="col">{t('accounts.col.name')}</th>
                <th scope="col">{t('accounts.col.plan')}</th>
                <th scope="col">{t('accounts.col.quota')}</th>
                <th scope="col">{t('accounts.col.instances')}</th>
                <th scope="col">{t('accounts.col.token')}</th>
                <th scope="col">{t('accounts.col.created')}</th>
                <th scope="col"><span className="sr-only">{t('accounts.col.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {overview.accounts.map((a) => (
                <AccountRow key={a.id} account={a} planQuotas={overview.planQuotas} busy={busy === a.id} onRotate={() => setConfirm({ kind: 'rotate', account: a })} onRemove={() => setConfirm({ kind: 'remove', account: a })} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddAccountForm />
      {confirm && text ? (
        <ConfirmDialog
          title={text.title}
          body={text.body}
          confirmLabel={text.label}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const { kind, account } = confirm
            setConfirm(null)
            void (kind === 'rotate' ? rotate(account) : remove(account, account.instances > 0))
          }}
        />
      ) : null}
    </div>
  )
}
