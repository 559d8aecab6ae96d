// Webhooks view: the add form, the configured list, the delivery log.
import { expect, type Locator, type Page } from '@playwright/test'

export class WebhooksPage {
  constructor(private readonly page: Page) {}

  async add(url: string, events: string[], secret?: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add a webhook' })
    await form.getByLabel('URL').fill(url)
    if (secret) await form.getByLabel('Signing secret (optional)').fill(secret)
    for (const box of await form.locator('.event-grid input[type=checkbox]').all()) {
      const label = (await box.locator('xpath=..').textContent())!.trim()
      if (events.includes(label) !== (await box.isChecked())) await box.click()
    }
    await form.getByRole('button', { name: 'Save webhook' }).click()
    await expect(this.page.getByRole('list', { name: 'Configured webhooks' }).getByText(url)).toBeVisible()
  }

  item(url: string): Locator {
    return this.page.getByRole('listitem', { name: `Webhook ${url}` })
  }

  /** Adds events to a configured webhook with its in-place editor. */
  async editEvents(url: string, add: string[]): Promise<void> {
    const item = this.item(url)
    await item.getByRole('button', { name: 'Edit' }).click()
    const editor = item.getByRole('form', { name: `Edit webhook ${url}` })
    for (const event of add) await editor.getByLabel(event, { exact: true }).check()
    await editor.getByRole('button', { name: 'Save changes' }).click()
    await expect(editor).toHaveCount(0)
  }

  /** "Send test event" on a configured webhook; resolves once the UI says it is queued. */
  async sendTest(url: string): Promise<void> {
    const item = this.item(url)
    await item.getByRole('button', { name: 'Send test event' }).click()
    await expect(item.getByRole('status').filter({ hasText: /Test event evt_\w+ queued/ })).toBeVisible()
  }

  /** Opens a delivery's payload viewer (exact body and signature headers). */
  async openPayload(row: Locator): Promise<Locator> {
    await row.getByRole('button', { name: 'Payload' }).click()
    const viewer = this.page.getByRole('region', { name: /^Payload of / })
    await expect(viewer).toBeVisible()
    return viewer
  }

  deliveryRows(): Locator {
    return this.page.locator('table.deliveries tbody tr[data-state]')
  }
}
