// Handler typing: one function per channel, checked against the contract; the full map must cover every channel.
import type { ChannelName, Namespace, NamespaceOf, RequestOf, ResponseOf } from '../../../../src-preload/contract/channels.js'

/** Who is at the other end of a connection: the browser's device credential (headless), none for the desktop window. */
export interface CallerMeta {
  deviceId: string | null
}

/** `caller`: which browser asks (its device credential), for the channels about the caller itself. */
export type Handler<K extends ChannelName> = (request: RequestOf<K>, caller?: CallerMeta) => ResponseOf<K> | Promise<ResponseOf<K>>
export type HandlerMap = { [K in ChannelName]: Handler<K> }
export type HandlersOf<N extends Namespace> = { [K in ChannelName as NamespaceOf<K> extends N ? K : never]: Handler<K> }
