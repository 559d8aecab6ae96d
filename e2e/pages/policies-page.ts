// Policies view: the limits table, the current policy, switching.
import type { Locator, Page } from '@playwright/test'

export class PoliciesPage {
  constructor(private readonly page: Page) {}

  column(name: string): Locator {
    return this.page.getByRole('columnheader', { name: new RegExp(`^${name}`) })
  }

  useButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Use the ${name} policy` })
  }
}
