// API view: the token is hidden until revealed (it is the one the CLI was given); the curl examples work as copied
// (run here in bash, with the token hidden and exported, then revealed); rotating it makes the old one fail at the
// API at once and says so.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

test('reveal and rotate the access token', async ({ ui, page, app, request }) => {
  const id = await ui.instances.create('Api desk')
  await ui.instances.expectStatus('Api desk', 'SCAN_QR_CODE')
  await ui.go('API')
  await expect(page.getByTestId('api-base-url')).toHaveText(app.apiUrl)
  await expect(ui.api.token).not.toHaveText(app.token)

  // Copied with the token hidden, run in a shell that exports it: every example gets past authentication.
  const dir = mkdtempSync(join(tmpdir(), 'sb-curl-'))
  const run = (command: string) => execFileSync('bash', ['-c', `${command} -w ' HTTP%{http_code}'`], { cwd: dir, env: { ...process.env, SWITCHBOARD_TOKEN: app.token, INSTANCE_ID: 'unused' } }).toString()
  try {
    const commands = await page.locator('.example pre').allTextContents()
    expect(commands).toHaveLength(4)
    for (const command of commands) expect(command).toContain('"access-token: $SWITCHBOARD_TOKEN"')
    expect(run(commands[0]!)).toMatch(/"instance_id".* HTTP201$/)
    expect(run(commands[1]!)).toMatch(new RegExp(`"instance_id":"${id}".*"status":"SCAN_QR_CODE".* HTTP200$`))
    expect(run(commands[2]!)).toMatch(/ HTTP200$/)
    // Sending needs a paired instance: past authentication, the core says the status is wrong (422, not 401).
    expect(run(commands[3]!)).toMatch(/session_status_mismatch.* HTTP422$/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }

  expect(await ui.api.reveal()).toBe(app.token)
  await expect(page.getByText(`curl -s -X POST -H "access-token: ${app.token}" "${app.apiUrl}/v2/session/create"`)).toBeVisible()
  await saveScreenshot(page, 'api')
  const headers = { host: new URL(app.apiUrl).host }
  await ui.api.rotate()
  await expect(ui.api.token).not.toHaveText(app.token)
  await expect(page.getByRole('status').filter({ hasText: 'Token rotated: the old one stopped working' })).toBeVisible()
  const fresh = (await ui.api.token.textContent())!.trim()
  expect((await request.get(`${app.apiUrl}/v2/session/rate-limit?access_token=${app.token}&instance_id=X`, { headers })).status()).toBe(401)
  expect((await request.get(`${app.apiUrl}/v2/session/info?access_token=${fresh}&instance_id=${id}`, { headers })).status()).toBe(200)
})
