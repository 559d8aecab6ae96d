// Input a client must never send (garbage bytes, broken frames, stanzas without the attributes routing needs).
// It ends that one connection; nothing else in the sandbox is affected.
export class ProtocolError extends Error {
  readonly code = 'protocol_error'
}
