// Saved replies and the UI language in a real browser (issue 20 items 7 and 12): a saved reply added in Settings
// and Portuguese chosen there are kept by the core, so both are still there after a page reload and after a core
// restart (the browser stays let in across it, item 3). The sandbox's badge stays as it is in every language.
import { expect, test } from './fixtures.js'

test('a saved reply and the chosen language survive a reload and a core restart', async ({ ui, page, app }) => {
  await ui.go('Settings')
  const replies = page.getByRole('region', { name: 'Saved replies' })
  await replies.getByLabel('Shortcut', { exact: true }).fill('hours')
  await replies.getByLabel('Reply', { exact: true }).fill('We open 9:00 to 18:00, Monday to Saturday.')
  await replies.getByRole('button', { name: 'Add reply' }).click()
  await expect(replies.getByRole('listitem')).toHaveText(['/hoursWe open 9:00 to 18:00, Monday to Saturday.EditDelete'])

  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR')
  const nav = page.getByRole('navigation', { name: 'Seções' })
  await expect(nav.getByRole('button', { name: 'Configurações' })).toHaveAttribute('aria-current', 'page')
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')

  await page.reload()
  await expect(nav.getByRole('button', { name: 'Conversas' })).toBeVisible()
  await nav.getByRole('button', { name: 'Configurações' }).click()
  const respostas = page.getByRole('region', { name: 'Respostas rápidas' })
  await expect(respostas.getByText('/hours')).toBeVisible()

  await app.crash()
  await app.restart()
  await expect(page.getByRole('status').filter({ hasText: 'Conectado' })).toBeVisible()
  await page.reload()
  await expect(page.locator('.sandbox-badge')).toHaveText('SANDBOX')
  await nav.getByRole('button', { name: 'Configurações' }).click()
  await expect(respostas.getByText('We open 9:00 to 18:00, Monday to Saturday.')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR')
})
