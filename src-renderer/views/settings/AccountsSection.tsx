// Accounts: one API token, plan and instance quota per client (a tester, an agency's customers). The list never
// holds a token: a new one is shown once, after add or rotate, with Copy. Remove and rotate ask first, naming the account.
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

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

function confirmText(c: NonNullable<Confirm>): { title: string; body: string; label: string } {
  const { account: a } = c
  if (c.kind === 'rotate') {
    return { title: `Rotate the token of “${a.name}”?`, body: 'Its current token stops working at once: every tool that uses it must be given the new one.', label: 'Rotate token' }
  }
  return {
    title: `Remove the account “${a.name}”?`,
    body: a.instances
      ? `Its token stops working, and its ${plural(a.instances, 'instance')} are deleted with their chats and webhooks (linked phones are logged out). This cannot be undone.`
      : 'Its token stops working at once. This cannot be undone.',
    label: 'Remove account'
  }
}

export function AccountsSection() {
  const { overview, issued, busy, removed, error, load, rotate, remove, dismissToken } = useAccountsStore()
  const reconnects = useAppStore((s) => s.reconnects)
  const [confirm, setConfirm] = useState<Confirm>(null)
  useEffect(() => {
    void load()
  }, [load, reconnects])
  const text = confirm ? confirmText(confirm) : null
  return (
    <div className="panel" role="region" aria-labelledby="accounts-title">
      <h2 id="accounts-title">Accounts</h2>
      <p className="muted small">
        Each account has its own access token, plan and instance quota, and sees only its own instances. Give one to each client or tester.
      </p>
      {issued ? (
        <div className="note note-info" role="status" data-testid="issued-token">
          <p>
            {issued.why === 'added' ? `Account “${issued.account.name}” added.` : `New token for “${issued.account.name}”: the old one no longer works.`} Copy its
            token now: it is shown only this once.
          </p>
          <span className="row">
            <span className="mono token">{issued.token}</span>
            <CopyButton text={issued.token} />
            <button type="button" onClick={dismissToken}>Done</button>
          </span>
        </div>
      ) : null}
      {removed ? <Notice>Removed “{removed.name}”{removed.deletedInstances ? ` and ${plural(removed.deletedInstances, 'instance')}` : ''}.</Notice> : null}
      <ErrorNote error={error} />
      {!overview ? (
        error ? null : <Spinner label="Loading…" />
      ) : (
        <div className="table-scroll">
          <table className="accounts">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Plan</th>
                <th scope="col">Quota</th>
                <th scope="col">Instances</th>
                <th scope="col">Token</th>
                <th scope="col">Created</th>
                <th scope="col"><span className="sr-only">Actions</span></th>
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
