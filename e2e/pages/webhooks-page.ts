// Webhooks view: the add form, the configured list, the delivery log.
import { expect, type Locator, type Page } from '@playwright/test'

export class WebhooksPage {
  constructor(private readonly page: Page) {}

  async add(url: string, events: string[]): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add a webhook' })
    await form.getByLabel('URL').fill(url)
    for (const box of await form.locator('.event-grid input[type=checkbox]').all()) {
      const label = (await box.locator('xpath=..').textContent())!.trim()
      if (events.includes(label) !== (await box.isChecked())) await box.click()
    }
    await form.getByRole('button', { name: 'Save webhook' }).click()
    await expect(this.page.getByRole('list', { name: 'Configured webhooks' }).getByText(url)).toBeVisible()
  }

  deliveryRows(): Locator {
    return this.page.locator('table.deliveries tbody tr[data-state]')
  }
}
