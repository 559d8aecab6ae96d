// Chats view: the chat list, the open thread, the composer.
import type { Locator, Page } from '@playwright/test'

export class ChatsPage {
  constructor(private readonly page: Page) {}

  chat(name: string | RegExp): Locator {
    return this.page.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name })
  }

  get thread(): Locator {
    return this.page.getByLabel('Messages')
  }

  async send(text: string): Promise<void> {
    await this.page.getByLabel('Message', { exact: true }).fill(text)
    await this.page.getByLabel('Message', { exact: true }).press('Enter')
  }
}
