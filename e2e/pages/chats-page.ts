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

  /** Types in the chat list's search box. */
  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search chats').fill(text)
  }

  /** The open thread's header (the chat's name or number). */
  get threadName(): Locator {
    return this.page.locator('.thread-header').getByRole('heading', { level: 2 })
  }

  /** A message's media action in the thread, e.g. "Download price-list.pdf". */
  mediaAction(name: string | RegExp): Locator {
    return this.thread.getByRole('button', { name })
  }

  async send(text: string): Promise<void> {
    await this.page.getByLabel('Message', { exact: true }).fill(text)
    await this.page.getByLabel('Message', { exact: true }).press('Enter')
  }
}
