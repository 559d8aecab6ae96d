// The usual setup of a sandbox test suite, registered inside the calling describe: a paired sandbox (two linked
// accounts A and B, see openPairedSandbox) opened before the suite's tests and closed after them.
import { afterAll, beforeAll } from 'vitest'
import { openPairedSandbox } from './test-client.js'

export type PairedSandbox = Awaited<ReturnType<typeof openPairedSandbox>>

/** `use` receives the sandbox once it is up (assign it to the suite's variable). */
export function usePairedSandbox(use: (ctx: PairedSandbox) => void, opts?: Parameters<typeof openPairedSandbox>[0]): void {
  let ctx: PairedSandbox | undefined
  beforeAll(async () => {
    ctx = await openPairedSandbox(opts)
    use(ctx)
  })
  afterAll(async () => ctx?.close())
}
