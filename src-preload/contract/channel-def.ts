// What one bridge channel is (its request schema plus a phantom response type) and the builder every channel list
// uses: channels.ts and the per-area lists it spreads (campaign-, key-, reply-channels.ts). PURE: plain data.
import type { TSchema } from '@sinclair/typebox'

/** A channel: its request schema, plus a phantom for the response type. */
export interface ChannelDef<Req extends TSchema, Res> {
  request: Req
  /** Never set at run time; carries the response type. */
  response?: Res
}

/** `channel(RequestSchema).returns<Response>()`: a channel definition. */
export const channel = <Req extends TSchema>(request: Req) => ({ returns: <Res>(): ChannelDef<Req, Res> => ({ request }) })
