// An instance status as a coloured badge with words people understand (the API's status name is its tooltip and
// data-status, not a second word beside it: "Working WORKING" read twice).
import type { InstanceStatus } from '../../src-preload/contract/dto.js'

const LABEL: Record<InstanceStatus, string> = {
  STOPPED: 'Stopped',
  STARTING: 'Starting',
  SCAN_QR_CODE: 'Waiting for scan',
  WORKING: 'Working',
  FAILED: 'Failed',
  DELETED: 'Deleted'
}

export function StatusBadge({ status }: { status: InstanceStatus }) {
  return (
    <span className={`badge badge-${status.toLowerCase()}`} data-status={status} title={status}>
      {LABEL[status]}
    </span>
  )
}
