// Settings: the app settings sections (plan, API access, logs/data/startup) as a user reaches them.
import { expect, type Locator, type Page } from '@playwright/test'

export class SettingsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings', exact: true }).click()
    await expect(this.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  }

  get plan(): Locator {
    return this.page.getByRole('region', { name: 'Plan' })
  }

  get access(): Locator {
    return this.page.getByRole('region', { name: 'API access' })
  }

  get general(): Locator {
    return this.page.getByRole('region', { name: 'Logs, data and startup' })
  }

  async addAllowedHost(name: string): Promise<void> {
    await this.access.getByLabel('Host name or IP address').fill(name)
    await this.access.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(this.access.getByRole('status')).toHaveText(`Saved: allowed host ${name} added`)
  }
}
