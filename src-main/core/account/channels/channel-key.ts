// How the channel service is told which channel: its id (<number>@newsletter) or an invite code, which the
// network resolves; and the public link of an invite code.
export type ChannelKey = { type: 'jid'; key: string } | { type: 'invite'; key: string }

export const channelInviteUrl = (code: string): string => `https://whatsapp.com/channel/${code}`
