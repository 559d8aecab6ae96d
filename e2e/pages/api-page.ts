// API view: base URL, token reveal and rotation.
import { expect, type Locator, type Page } from '@playwright/test'

export class ApiPage {
  constructor(private readonly page: Page) {}

  get token(): Locator {
    return this.page.getByTestId('api-token')
  }

  async reveal(): Promise<string> {
    await this.page.getByRole('button', { name: 'Reveal' }).click()
    await expect(this.page.getByRole('button', { name: 'Hide' })).toBeVisible()
    return (await this.token.textContent())!.trim()
  }

  async rotate(): Promise<void> {
    await this.page.getByRole('button', { name: 'Rotate' }).click()
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Rotate token' }).click()
  }
}
