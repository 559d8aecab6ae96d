// API view: the token is hidden until revealed (it is the one the CLI was given); rotating it makes the old one
// fail at the API at once.
import { expect, test } from './fixtures.js'
import { saveScreenshot } from './screenshots.js'

test('reveal and rotate the access token', async ({ ui, page, app, request }) => {
  await ui.go('API')
  await expect(page.getByTestId('api-base-url')).toHaveText(app.apiUrl)
  await expect(ui.api.token).not.toHaveText(app.token)
  expect(await ui.api.reveal()).toBe(app.token)
  await expect(page.getByText(`${app.apiUrl}/v2/session/create?access_token=${app.token}`)).toBeVisible()
  await saveScreenshot(page, 'api')

  const headers = { host: new URL(app.apiUrl).host }
  expect((await request.post(`${app.apiUrl}/v2/session/create?access_token=${app.token}`, { headers })).status()).toBe(201)
  await ui.api.rotate()
  await expect(ui.api.token).not.toHaveText(app.token)
  const fresh = (await ui.api.token.textContent())!.trim()
  expect((await request.get(`${app.apiUrl}/v2/session/rate-limit?access_token=${app.token}&instance_id=X`, { headers })).status()).toBe(401)
  expect((await request.post(`${app.apiUrl}/v2/session/create?access_token=${fresh}`, { headers })).status()).toBe(201)
})
