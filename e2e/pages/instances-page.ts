// Instances view: create, find a card, read its badge and details, act on it.
import { expect, type Locator, type Page } from '@playwright/test'

export class InstancesPage {
  constructor(private readonly page: Page) {}

  card(name: string): Locator {
    return this.page.getByRole('listitem', { name: `Instance ${name}` })
  }

  badge(name: string): Locator {
    return this.card(name).locator('.badge')
  }

  /** Creates an instance and returns its id (shown on the card). */
  async create(name: string): Promise<string> {
    await this.page.getByLabel('Name (optional)').fill(name)
    await this.page.getByRole('button', { name: 'Create instance' }).click()
    await expect(this.card(name)).toBeVisible()
    return (await this.card(name).locator('dd.mono').textContent())!.trim()
  }

  async expectStatus(name: string, status: string): Promise<void> {
    await expect(this.badge(name)).toHaveAttribute('data-status', status)
  }
}
