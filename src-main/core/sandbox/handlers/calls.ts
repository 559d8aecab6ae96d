// <call> signalling between accounts: only what is needed for call events — offer, accept, reject,
// terminate. No media flows; the sandbox forwards the signalling stanzas to the other party's devices.
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import type { SandboxServer } from '../server/context.js'
import { genId, kids, node, tstr } from '../wire/nodes.js'
import { pnJid } from '../wire/jid.js'
import { accountOfJid } from './messages.js'

export function handleCall(conn: Connection, call: BinaryNode): void {
  const s = conn.server
  const me = conn.device!
  const target = accountOfJid(s, call.attrs.to)
  conn.send(node('ack', { id: call.attrs.id, class: 'call', from: call.attrs.to }))
  if (!target) return
  s.delivery.deliverToAccount(target.phone, node('call', { from: pnJid(me.phone), id: call.attrs.id ?? genId(), t: tstr() }, kids(call)))
  // The caller's other devices learn the outcome too (e.g. "answered elsewhere").
  s.delivery.deliverToAccount(me.phone, node('call', { from: pnJid(me.phone), id: genId(), t: tstr() }, kids(call)), me)
}

/** A call placed by a simulated person: an offer stanza to every device of the callee. */
export function offerCall(s: SandboxServer, callerPhone: string, calleePhone: string, callId: string, video: boolean): void {
  const media = video ? [node('audio', { enc: 'opus', rate: '16000' }), node('video', { enc: 'vp8', dec: 'vp8' })] : [node('audio', { enc: 'opus', rate: '16000' })]
  s.delivery.deliverToAccount(
    calleePhone,
    node('call', { from: pnJid(callerPhone), id: genId(), t: tstr() }, [node('offer', { 'call-id': callId, 'call-creator': pnJid(callerPhone) }, media)])
  )
}

/** The caller's side ends the call: `timeout` (nobody answered: a missed call) or a hang-up (no reason). */
export function terminateCall(s: SandboxServer, callerPhone: string, calleePhone: string, callId: string, reason: 'timeout' | 'hangup' = 'timeout'): void {
  s.delivery.deliverToAccount(
    calleePhone,
    node('call', { from: pnJid(callerPhone), id: genId(), t: tstr() }, [
      node('terminate', { 'call-id': callId, 'call-creator': pnJid(callerPhone), ...(reason === 'timeout' ? { reason } : {}) })
    ])
  )
}
