// English, the source language: every key the UI uses (the other locales must have each one; a test checks it).
// Words with {{name}} are filled in by t(); plural keys end in _one/_other (i18next picks by count).
export const en = {
  app: { skip: 'Skip to content' },
  common: { loading: 'Loading…', save: 'Save', cancel: 'Cancel', edit: 'Edit', delete: 'Delete' },
  nav: {
    sections: 'Sections',
    instances: 'Instances',
    pairing: 'Pairing',
    chats: 'Chats',
    campaigns: 'Campaigns',
    policies: 'Policies',
    webhooks: 'Webhooks',
    api: 'API',
    sandbox: 'Sandbox',
    settings: 'Settings'
  },
  topbar: {
    sandboxTitle: 'Simulated WhatsApp network: no real accounts',
    connection: { open: 'Connected', connecting: 'Connecting…', closed: 'Disconnected: reconnecting' },
    apiPlan: 'API {{url}} · {{plan}} plan',
    plan: { free: 'free', paid: 'paid' },
    theme: 'Theme',
    themeSystem: 'System theme',
    themeLight: 'Light',
    themeDark: 'Dark'
  },
  banner: {
    downTitle: 'Switchboard is not reachable.',
    downText: 'The page reconnects by itself; until then what you see may be out of date and actions do not go through. If Switchboard was stopped, start it again.'
  },
  status: { STOPPED: 'Stopped', STARTING: 'Starting', SCAN_QR_CODE: 'Waiting for scan', WORKING: 'Working', FAILED: 'Failed', DELETED: 'Deleted' },
  picker: {
    instance: 'Instance',
    createFirst: 'Create an instance first',
    deleted: '{{name}} ({{id}}) was deleted.',
    deletedNow: '{{name}} ({{id}}) was deleted; now showing {{now}}.',
    unread: '{{n}} unread',
    unreadElsewhere: '{{n}} unread in other instances'
  },
  format: { noLimit: 'No limit' },
  failure: {
    qr_timeout: 'nobody scanned the QR code in time',
    retries_exhausted: 'it could not connect after several attempts (is the network down?)',
    proxy_unreachable: 'it could not connect through its proxy (is the proxy server running?)',
    conflict: 'the account kept being opened elsewhere',
    forbidden: 'the network refused the account',
    banned: 'the network banned the account',
    unknown: 'unknown reason'
  },
  instances: {
    loading: 'Loading instances…',
    none: 'No instances yet. Create one to pair a WhatsApp account.',
    quota: '{{used}} of {{limit}} in use ({{plan}} plan)',
    quotaUnlimited: '{{used}} in use (unlimited on the {{plan}} plan)',
    quotaFull: 'The plan’s instance quota is used up: delete an instance you no longer need, or choose the paid plan in Settings.'
  },
  card: {
    label: 'Instance {{name}}',
    state: {
      WORKING: 'Connected: sending and receiving',
      STARTING: 'Connecting…',
      SCAN_QR_CODE: 'Not paired: waiting for a phone to scan',
      STOPPED: 'Stopped: not sending or receiving',
      FAILED: 'Connection failed: not sending or receiving',
      DELETED: 'Deleted'
    },
    newChatsAllowed: 'New chats allowed',
    today: 'Today',
    sent: 'sent',
    received: 'received',
    waiting: 'waiting',
    failed: 'failed',
    lastActivity: 'Last activity {{when}}',
    noMessages: 'No messages yet',
    openChats: 'Open chats',
    openChatsUnread: 'Open chats ({{n}} unread)',
    number: 'Number',
    notPaired: 'Not paired',
    instanceId: 'Instance id',
    pushName: 'Push name',
    server: 'Server',
    policy: 'Policy',
    proxy: 'Proxy',
    proxyTitle: 'The WhatsApp connection and media go through this proxy; a change applies at the next restart',
    proxyUser: 'user {{user}}',
    proxyUserPassword: 'user {{user}}, password set',
    failedNote: 'The connection failed: {{reason}}. Start it again, or log out and pair anew.',
    unpaired: 'Unpaired: {{why}}.',
    start: 'Start',
    stop: 'Stop',
    restart: 'Restart',
    logout: 'Log out',
    doing: { start: 'Starting…', stop: 'Stopping…', restart: 'Restarting…', logout: 'Logging out…', delete: 'Deleting…' },
    notSent_one: '{{count}} waiting message was not sent.',
    notSent_other: '{{count}} waiting messages were not sent.',
    confirm: {
      logoutTitle: 'Log out {{name}}?',
      logoutBody: 'The phone unlinks this device. To use the instance again, pair it with a new scan or code.',
      deleteTitle: 'Delete {{name}}?',
      deleteBody: 'This cannot be undone: its pairing, settings and data are removed and the instance id stops working.',
      restartTitle: 'Restart {{name}}?',
      restartUnknown: 'Messages still waiting in the send queue, if any, will not be sent.',
      restartWaiting_one: '{{count}} waiting message will not be sent.',
      restartWaiting_other: '{{count}} waiting messages will not be sent.',
      restartAfter: 'They are marked “Not sent” in their chats, where Resend sends one again as a new message. The connection drops for a moment.'
    }
  },
  chats: {
    choose: 'Choose a chat to read and reply.',
    search: 'Search chats',
    searchPlaceholder: 'Name, number or message',
    loading: 'Loading chats…',
    noMatch: 'No chat matches.',
    none: 'No chats yet.',
    more: 'Show more chats',
    you: 'You: ',
    unread: '{{n}} unread'
  },
  thread: { messages: 'Messages', older: 'Load older messages', loading: 'Loading messages…' },
  message: { resent: 'Resent', resend: 'Resend', resendThis: 'Resend this message' },
  composer: {
    form: 'Write a message',
    message: 'Message',
    caption: 'Caption (optional)',
    attach: 'Attach',
    attachFile: 'Attach a file',
    remove: 'Remove the attachment',
    removeNamed: 'Remove the attachment {{name}}',
    send: 'Send',
    sending: 'Sending…',
    tooBig: 'Files up to 16 MiB can be sent'
  },
  state: {
    connecting: '{{name}} is connecting: you can send once it is connected.',
    unpaired: '{{name}} is not paired with a phone{{why}}: messages are not sent or received until it is.',
    pair: 'Pair a phone',
    failed: '{{name}} is failed ({{why}}): messages are not sent or received until it runs again.',
    stopped: '{{name}} is stopped: messages are not sent or received until it runs again.',
    start: 'Start it',
    starting: 'Starting…'
  },
  notify: {
    title: 'Notifications',
    off: ' (off)',
    group: 'New message announcements',
    turnOn: 'Turn on notifications',
    blocked: "Notifications are blocked for this page in the browser's site settings.",
    thisNumber: 'Notify for this number',
    sound: 'Sound'
  },
  contact: { name: 'Name this contact', label: 'Name on this PC', hint: 'Leave empty to use the name WhatsApp knows.' },
  replies: {
    title: 'Saved replies',
    intro: 'Type / and the shortcut in a chat’s message box to insert one. They are shared by all of this account’s numbers.',
    none: 'No saved replies yet.',
    noneStarts: 'No saved reply starts with /{{query}}.',
    whereToAdd: 'Add them in Settings › Saved replies.',
    editNamed: 'Edit /{{shortcut}}',
    deleteNamed: 'Delete /{{shortcut}}',
    addForm: 'Add a saved reply',
    shortcut: 'Shortcut',
    shortcutExample: 'hours',
    reply: 'Reply',
    replyExample: 'We open 9:00 to 18:00, Monday to Saturday.',
    add: 'Add reply',
    saveChanges: 'Save changes'
  },
  newChat: {
    button: 'New chat',
    form: 'New chat',
    phone: 'Phone number',
    enterNumber: 'Enter the number, e.g. +1 555 000 0002',
    checking: 'Checking…',
    checkingNamed: 'Checking {{number}}…',
    message: 'Message {{number}}',
    start: 'Start chat',
    notOnWhatsApp: '{{number}} is not on WhatsApp: messages to it cannot be delivered.'
  },
  found: {
    label: 'Messages found',
    title: 'Messages',
    none: 'No message contains “{{query}}”.',
    more: 'Showing the newest {{n}}; add a word to narrow the search.'
  },
  plan: {
    title: 'Plan',
    intro: 'Switchboard emulates the hosted service’s plans, so your tools see the same answers. Changes apply at once.',
    yourPlan: 'Your plan',
    name: { free: 'Free', paid: 'Paid' },
    unlocks: 'What {{plan}} unlocks',
    yours: ' (yours)',
    quotaForm: '{{plan}} plan quota',
    quotaLabel: 'Instances per account on {{plan}}',
    quotaBad: 'A whole number of instances, or unlimited.',
    quotaHelp: 'A number, or unlimited.'
  },
  devices: {
    title: 'Browsers',
    intro: 'A browser opened with a one-time link stays let in, also after Switchboard restarts, until you sign it out here.',
    none: 'No browser is let in: this window is the desktop app, which needs no link.',
    thisBrowser: ' · this browser',
    seen: 'let in {{created}} · last seen {{seen}}',
    signOutThis: 'Sign out this browser',
    signOut: 'Sign out',
    signOutOthers: 'Sign out other browsers',
    thisSignedOut: 'This browser',
    signedOut: '{{label}} was signed out.',
    othersOne: 'One other browser was signed out.',
    othersMany: '{{n}} other browsers were signed out.'
  },
  pairing: {
    inactive: 'This instance is {{state}}. Start it: a QR code appears within a few seconds.',
    failedState: 'failed ({{why}})',
    stoppedState: 'stopped',
    startInstance: 'Start instance',
    stillStarting: 'Still starting: the QR code appears in a few seconds. Pairing codes can be requested once it shows.',
    pairedWith: 'Paired with',
    logoutFirst: '. To pair another phone, log out this instance first.'
  },
  views: { policies: 'Rate-limit policies', sandboxPhones: 'Sandbox phones' },
  link: {
    why: {
      ui_token_missing: 'This page is not connected to Switchboard.',
      ui_link_used: 'This link was already used. A Switchboard UI link opens the UI in one browser tab only; that tab keeps working (reloads included), so another tab or browser needs a new link.',
      ui_link_expired: 'This link has expired: links asked for with the access token are valid for 15 minutes.',
      ui_token_invalid: 'Switchboard does not know this link or browser: the link was mistyped, or this browser was signed out in Settings.',
      ui_device_signed_out: 'This browser was signed out of Switchboard (Settings, Browsers). Open a new link to let it in again.'
    },
    restarted: 'Switchboard no longer knows this browser: it was signed out in Settings, or Switchboard’s data folder changed. Open a new link (npm run ui-link), here or in a new tab.',
    pasteWhole: 'Paste the whole link, starting with http.',
    notALink: 'That is not a link. A Switchboard UI link looks like {{example}}',
    notUiLink: 'That is not a Switchboard UI link: it should look like {{example}}',
    noToken: 'This link has no token at its end (#token=…): copy the whole link.',
    connecting: 'Connecting…',
    form: 'Connect with a link',
    paste: 'Paste a new link',
    connect: 'Connect',
    getOne: 'Get a link',
    runIn: 'In the Switchboard folder, run',
    runPrints: 'It prints a new link (no token needed: it asks the running Switchboard through its data folder). Add',
    runDataDir: 'if Switchboard runs with another data folder.',
    printsAtStart: 'Switchboard prints one when it starts (it looks like',
    printsOnce: '); each link works once, in one tab.',
    askApi: 'Or ask with the API access token, then open the',
    askApiAnswer: 'it answers:',
    desktop: 'The desktop app’s window needs no link.'
  },
  notes: {
    pinnedBy: 'Set by',
    pinnedRest: 'when Switchboard starts: start it without that to choose here.',
    nextStart: 'Applies at the next start of Switchboard (now: {{now}}; then: {{then}}).',
    saved: 'Saved: {{what}}',
    logLevel: 'log level {{level}}',
    startsAtLogin: 'starts at login',
    noStartAtLogin: 'does not start at login',
    plan: 'plan {{plan}}',
    planQuota: '{{plan}} plan quota: {{quota}}'
  },
  backup: {
    title: 'Backup',
    introBefore: 'One encrypted file with your chats, paired numbers, webhooks and media. Restore it on a new PC with',
    introAfter: '; the numbers work there without a new scan. Then stop using them here: the same number on two PCs at once gets logged out.',
    passphrase: 'Passphrase',
    repeat: 'Repeat it',
    tooShort: 'At least {{n}} characters.',
    differ: 'The two passphrases differ.',
    note: 'Without it the backup cannot be opened, by anyone (Switchboard cannot recover it).',
    running: 'Backing up…',
    now: 'Back up now',
    done_one: 'Backed up {{count}} number and {{messages}} messages to',
    done_other: 'Backed up {{count}} numbers and {{messages}} messages to'
  },
  settings: { loading: 'Loading settings…' },
  language: {
    title: 'Language',
    label: 'Language',
    system: 'System ({{name}})',
    hint: 'Dates, times and numbers follow it too. Customers’ messages and opt-out keywords are never translated.'
  },
  general: {
    title: 'Logs, data and startup',
    logLevel: 'Log level',
    level: { error: 'Errors only', warn: 'Warnings and errors', info: 'Normal (info)', debug: 'Detailed (debug)' },
    logHint: 'Written to logs/switchboard.log in the data folder; applies at once.',
    dataFolder: 'Data folder',
    copyPath: 'Copy path',
    openFolder: 'Open folder',
    dataHint: 'Your chats, media, session keys and this app’s settings live here. To move to a new PC, use Backup below: a plain copy of this folder taken while Switchboard runs can be inconsistent.',
    startAtLogin: 'Start Switchboard when I log in',
    startAtLoginManual: 'Start at login: add Switchboard to your desktop’s startup (autostart) applications; the app cannot set it on this system.',
    startAtLoginHeadless: 'Start at login is a setting of the desktop app: this headless server starts however you start it (a service, a scheduled task).'
  }
}

/** Every locale has the same keys as English (plural forms aside), in the same shape. */
export type Messages = { [K in keyof typeof en]: Shape<(typeof en)[K]> }
type Shape<T> = T extends string ? string : { [K in keyof T]: Shape<T[K]> }
