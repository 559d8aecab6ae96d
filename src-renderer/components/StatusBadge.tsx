// An instance status as a coloured badge with words people understand (the API's status name is its tooltip and
// data-status, not a second word beside it: "Working WORKING" read twice).
import { useTranslation } from 'react-i18next'
import type { InstanceStatus } from '../../src-preload/contract/dto.js'

export function StatusBadge({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation()
  return (
    <span className={`badge badge-${status.toLowerCase()}`} data-status={status} title={status}>
      {t(`status.${status}`)}
    </span>
  )
}
