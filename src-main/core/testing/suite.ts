// The usual setup of a test suite that drives the API: registered inside the calling describe, it starts a core
// (offline unless told) with one created instance before the suite's tests and closes it after them.
import { afterAll, beforeAll } from 'vitest'
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
