// The shell: open the UI with its one-time URL, move between sections, read the connection and SANDBOX badge.
import { expect, type Locator, type Page } from '@playwright/test'
import { ApiPage } from './api-page.js'
import { CampaignsPage } from './campaigns-page.js'
import { ChatsPage } from './chats-page.js'
import { InstancesPage } from './instances-page.js'
import { PairingPage } from './pairing-page.js'
import { PoliciesPage } from './policies-page.js'
import { SandboxPage } from './sandbox-page.js'
import { WebhooksPage } from './webhooks-page.js'

export type Section = 'Instances' | 'Pairing' | 'Chats' | 'Policies' | 'Webhooks' | 'API' | 'Sandbox' | 'Settings'

export class AppPage {
  readonly instances: InstancesPage
  readonly pairing: PairingPage
  readonly sandbox: SandboxPage
  readonly policies: PoliciesPage
  readonly webhooks: WebhooksPage
  readonly api: ApiPage
  readonly chats: ChatsPage
  readonly campaigns: CampaignsPage

  constructor(readonly page: Page) {
    this.instances = new InstancesPage(page)
    this.pairing = new PairingPage(page)
    this.sandbox = new SandboxPage(page)
    this.policies = new PoliciesPage(page)
    this.webhooks = new WebhooksPage(page)
    this.api = new ApiPage(page)
    this.chats = new ChatsPage(page)
    this.campaigns = new CampaignsPage(page)
  }

  get sandboxBadge(): Locator {
    return this.page.locator('.sandbox-badge')
  }

  async open(uiUrl: string): Promise<void> {
    await this.page.goto(uiUrl)
    await expect(this.page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    await expect(this.page.getByRole('heading', { name: 'Instances' })).toBeVisible()
  }

  async go(section: Section): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section, exact: true }).click()
    await expect(this.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section, exact: true })).toHaveAttribute('aria-current', 'page')
  }
}
