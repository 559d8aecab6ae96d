// Polling for tests: wait until a condition holds (a truthy value, which is returned) or fail naming it.
// The one implementation behind core-harness's waitUntil and the sandbox test client's waitFor; it lives beside the
// sandbox test client, the lowest test support, so that client needs nothing from the harnesses above it.

export async function waitUntil<T>(
  fn: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 10_000,
  what = 'condition',
  everyMs = 20
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}
