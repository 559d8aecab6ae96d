// The usual setups of a test suite, registered inside the calling describe: a core with one created instance
// (useInstanceCore), or a core plus what the suite starts with it, UI bridges included (useCore, useUiCore), each
// started before the suite's tests and closed after them.
import { afterAll, beforeAll } from 'vitest'
import { connectTestBridge, type TestBridge } from '../bridge/testing/ws-bridge-client.js'
import { startTestCore, type TestCore, type TestNetwork } from './core-harness.js'

export type SuiteOptions = Omit<NonNullable<Parameters<typeof startTestCore>[1]>, 'network'> & { network?: TestNetwork }

/** `use` receives the core and the instance id once they are up (assign them to the suite's variables). */
export function useInstanceCore(use: (t: TestCore, id: string) => void, { network = 'offline', ...options }: SuiteOptions = {}): void {
  let core: TestCore | undefined
  beforeAll(async () => {
    core = await startTestCore(network, options)
    use(core, await core.createInstance())
  })
  afterAll(() => core?.close())
}

/** Anything a suite starts besides the core (a webhook receiver, a proxy, a server). */
export interface Closable { close(): unknown }

export interface CoreSuite {
  /** Registers `c` to be closed after the core (in registration order, also when the setup failed half way). */
  closeAfter<C extends Closable>(c: C): C
  /** Connects a UI bridge to the core; it is closed before the core. */
  connectUi(): Promise<TestBridge>
}

/**
 * A core (sandbox unless told) for the whole suite, registered inside the calling describe: `setup` runs once the
 * core is up (assign it and whatever the setup makes to the suite's variables); after the suite the UI bridges,
 * then the core, then what was registered with closeAfter are closed.
 */
export function useCore(
  setup: (t: TestCore, suite: CoreSuite) => Promise<void>,
  { network = 'sandbox', timeoutMs, ...options }: SuiteOptions & { timeoutMs?: number } = {}
): void {
  let core: TestCore | undefined
  const bridges: TestBridge[] = []
  const after: Closable[] = []
  beforeAll(async () => {
    core = await startTestCore(network, options)
    const t = core
    await setup(t, {
      closeAfter: (c) => (after.push(c), c),
      connectUi: async () => {
        const ui = await connectTestBridge(t.core.url, t.core.ui.token)
        bridges.push(ui)
        return ui
      }
    })
  }, timeoutMs)
  afterAll(async () => {
    for (const ui of bridges) ui.close()
    await core?.close()
    for (const c of after) await c.close()
  })
}

/** useCore with a UI bridge connected first: `use` receives the core and the bridge (assign them, go on setting up). */
export function useUiCore(use: (t: TestCore, ui: TestBridge) => void | Promise<void>, options: Parameters<typeof useCore>[1] = {}): void {
  useCore(async (t, { connectUi }) => use(t, await connectUi()), options)
}
