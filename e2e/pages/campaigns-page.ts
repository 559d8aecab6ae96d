// Campaigns view: the wizard's steps, a campaign's page (status, funnel, recipients, export), the opt-out list.
import { expect, type Download, type Locator, type Page } from '@playwright/test'

export class CampaignsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    const nav = this.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Campaigns', exact: true })
    await nav.click()
    await expect(nav).toHaveAttribute('aria-current', 'page')
  }

  item(name: string): Locator {
    return this.page.getByRole('listitem', { name: `Campaign ${name}` })
  }

  get detail(): Locator {
    return this.page.locator('article.campaign-detail')
  }

  funnel(step: 'recipients' | 'sent' | 'delivered' | 'read' | 'replied'): Locator {
    return this.page.getByTestId(`funnel-${step}`)
  }

  /** Steps 1-2: the file, its phone column, the list as read. */
  async uploadCsv(fileName: string, csv: string, phoneColumn: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New campaign' }).click()
    await this.page.getByLabel('Choose a CSV file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await expect(this.page.getByRole('heading', { name: `Columns of ${fileName}` })).toBeVisible()
    await this.page.getByLabel('Phone column').selectOption(phoneColumn)
    await this.page.getByRole('button', { name: 'Read the list' }).click()
    await expect(this.page.getByTestId('list-result')).toBeVisible()
  }

  /** Saves the CSV export through the browser's download. */
  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent('download')
    await this.page.getByRole('button', { name: 'Export CSV' }).click()
    return download
  }
}
