// The autopilot's rate rules: over the last N sends of a campaign, too many failures, or too many opt-outs and
// blocks, pause it with the reason in words (these do not resume by themselves: someone looks first). The other
// causes (network limits, instance not WORKING, daily cap) are found by the runner and clear by themselves.
import type { AutopilotRules, PauseReason } from './campaign-types.js'

const pct = (x: number) => `${Math.round(x * 100)}%`

export function judgeRates(outcomes: ReadonlyArray<{ state: string; reason: string | null }>, rules: AutopilotRules): Omit<PauseReason, 'since'> | undefined {
  const n = outcomes.length
  if (n < Math.max(1, rules.minSample)) return undefined
  const failed = outcomes.filter((o) => o.state === 'failed').length
  const optedOut = outcomes.filter((o) => o.state === 'opted_out' || o.reason === 'blocked').length
  if (failed / n > rules.maxFailureRate) {
    return { code: 'failure_rate', message: `${failed} of the last ${n} sends failed (${pct(failed / n)}, more than the ${pct(rules.maxFailureRate)} allowed); check the instance and the list, then resume`, autoResume: false }
  }
  if (optedOut / n > rules.maxOptOutRate) {
    return { code: 'opt_out_rate', message: `${optedOut} of the last ${n} recipients opted out or blocked (${pct(optedOut / n)}, more than the ${pct(rules.maxOptOutRate)} allowed); review the message, then resume`, autoResume: false }
  }
  return undefined
}
