// The services' domain types -> the Instances and Settings views' DTOs (src-preload/contract/dto.ts): instances
// (ms times, the status reason in words), API accounts and the app settings. Pure mapping.
import type { AccountDto, AppSettingsDto, InstanceDto, SettingDto } from '../../../../src-preload/contract/dto.js'
import { statusReasonText } from '../../domain/status-reason.js'
import type { AccountSummary } from '../../services/account-service.js'
import { SERVER_NAME, type InstanceSummary } from '../../services/instance-service.js'
import type { AppSettingsView, SettingChoice } from '../../settings/app-settings-service.js'

export function instanceDto({ row, me, policy, deliverability: d }: InstanceSummary): InstanceDto {
  return {
    id: row.id,
    name: row.session_name,
    status: row.status,
    statusReason: row.status_reason,
    statusReasonText: statusReasonText(row.status_reason),
    me,
    number: me ? me.id.split('@')[0]!.split(':')[0]! : null,
    serverName: SERVER_NAME,
    policy: policy.slug,
    policyName: policy.name,
    createdAt: row.created_at,
    deliverability: { newContacts: d.new_contacts, state: d.state, until: d.until === null ? null : Date.parse(d.until), reason: d.reason, held: d.held },
    proxy: row.proxy_server ? { server: row.proxy_server, username: row.proxy_username, password: row.proxy_password === null ? null : '***' } : null
  }
}

export const accountDto = (a: AccountSummary): AccountDto => ({
  id: a.id,
  name: a.name,
  plan: a.plan,
  instanceQuota: a.instanceQuota,
  quotaOverridden: a.quotaOverridden,
  instances: a.instances,
  tokenHint: a.tokenHint,
  isDefault: a.isDefault,
  createdAt: a.createdAt
})

const settingDto = <T>(s: SettingChoice<T>): SettingDto<T> => ({ value: s.value, effective: s.effective, pinnedBy: s.pinnedBy })

export const appSettingsDto = (v: AppSettingsView): AppSettingsDto => ({
  plan: { ...settingDto(v.plan), unlocks: v.plan.unlocks, freePolicies: v.plan.freePolicies },
  freeInstanceQuota: settingDto(v.freeInstanceQuota),
  paidInstanceQuota: settingDto(v.paidInstanceQuota),
  allowHosts: settingDto(v.allowHosts),
  host: { ...settingDto(v.host), loopback: v.host.loopback, exposedWarning: v.host.exposedWarning, exposedWarningCode: v.host.exposedWarningCode },
  port: settingDto(v.port),
  publicUrl: settingDto(v.publicUrl),
  logLevel: settingDto(v.logLevel),
  dataDir: { path: v.dataDir.path, canOpen: v.dataDir.canOpen },
  startAtLogin: { available: v.startAtLogin.available, value: v.startAtLogin.value },
  notifications: { mutedInstances: v.notifications.mutedInstances, sound: v.notifications.sound },
  language: v.language
})
