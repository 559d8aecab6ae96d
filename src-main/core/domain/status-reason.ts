// Why an instance's status last changed, in words for people: the status reason codes the InstanceManager writes
// (`start`, `engine:open`, `disconnect:401`, `failed:conflict`...) explained once, for the session.status webhook,
// /v2/session/info and the UI. Unknown codes (a newer core) come back as they are.

const FAILED: Record<string, string> = {
  retries_exhausted: 'could not connect after several attempts (is the network down?)',
  proxy_unreachable: "could not connect through the instance's proxy (config.proxy): check that the proxy server is running and accepts the credentials, or change or remove the proxy, then start the instance again",
  qr_timeout: 'nobody scanned the QR code in time',
  conflict: 'the session was opened elsewhere 3 times in 5 minutes (another client or computer uses this account): start it again once the other one is closed',
  forbidden: 'the network refused the account (403: locked or banned): check the phone; start it again once WhatsApp lets the number in',
  banned: 'the network banned the account (402 temporarily or 406 permanently): check the phone; start it again once the ban is lifted'
}

const DISCONNECT: Record<string, string> = {
  '401': 'the phone logged this device out (removed from Linked devices): scan a new QR code to pair again',
  '440': 'another client opened this session (conflict): reconnecting',
  '515': 'the network asked for a fresh connection (normal): reconnecting'
}

const PLAIN: Record<string, string> = {
  start: 'started',
  stop: 'stopped',
  restart: 'restarted',
  resume: 'resumed when the app started',
  boot: 'not running when the app started',
  logout: 'logged out: scan a new QR code to pair again',
  delete: 'deleted',
  'engine:qr': 'waiting for a QR scan or a pairing code',
  'engine:paired': 'a phone linked it: logging in',
  'engine:open': 'connected'
}

/** retry:<attempt>:<delayMs>:<error>[@<proxy host:port>], written while a STARTING instance retries its connection. */
function retryText(reason: string): string | undefined {
  const m = /^retry:(\d+):(\d+):([^@]*)(?:@(.+))?$/.exec(reason)
  if (!m) return undefined
  const [, attempt, delay, error, proxy] = m
  const ms = Number(delay)
  const wait = ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`
  const what = proxy ? `connecting through proxy ${proxy} failed` : 'connecting failed'
  return `${what} (${error}), retry ${attempt} in ${wait}`
}

export function statusReasonText(reason: string | null | undefined): string | null {
  if (!reason) return null
  if (reason.startsWith('retry:')) return retryText(reason) ?? reason
  if (reason.startsWith('failed:')) return FAILED[reason.slice(7)] ?? reason
  if (reason.startsWith('disconnect:')) return DISCONNECT[reason.slice(11)] ?? `connection lost (${reason.slice(11)}): reconnecting`
  return PLAIN[reason] ?? reason
}
