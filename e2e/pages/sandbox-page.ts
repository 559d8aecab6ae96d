// Sandbox view: simulated phones and what their person does (scan, type a code, send, read the inbox).
import { expect, type Locator, type Page } from '@playwright/test'

export class SandboxPage {
  constructor(private readonly page: Page) {}

  phone(name: string): Locator {
    return this.page.getByRole('listitem', { name: `Phone ${name}` })
  }

  /** `number` as people type it (+1 555 000 0001 works too). */
  async createPhone(number: string, name: string): Promise<void> {
    await this.page.getByLabel('Phone number').fill(number)
    await this.page.getByLabel('Name', { exact: true }).fill(name)
    await this.page.getByRole('button', { name: 'Create phone' }).click()
    await expect(this.phone(name)).toBeVisible()
  }

  /** Each action's label, field(s) and button share one line (they used to wrap onto separate lines). */
  async expectActionsOnOneLine(phoneName: string): Promise<void> {
    const card = this.phone(phoneName)
    const rows: [string, string][] = [
      ['Scan the QR of', 'Scan this instance’s QR'],
      ['Pairing code', 'Enter pairing code'],
      [`Send as ${phoneName} to`, 'Send a message as this person']
    ]
    for (const [label, button] of rows) {
      const a = await card.getByLabel(label, { exact: true }).boundingBox()
      const b = await card.getByRole('button', { name: button }).boundingBox()
      expect(a && b && Math.abs(a.y + a.height / 2 - (b.y + b.height / 2))).toBeLessThan(6)
    }
  }

  async scanQrOf(phoneName: string, instanceId: string): Promise<void> {
    const card = this.phone(phoneName)
    await card.getByLabel('Scan the QR of').selectOption(instanceId)
    await card.getByRole('button', { name: 'Scan this instance’s QR' }).click()
    await expect(card.getByRole('status').filter({ hasText: 'Scanned: the phone linked the instance' })).toBeVisible()
  }

  async enterCode(phoneName: string, code: string): Promise<void> {
    const card = this.phone(phoneName)
    await card.getByLabel('Pairing code').fill(code)
    await card.getByRole('button', { name: 'Enter pairing code' }).click()
    await expect(card.getByRole('status').filter({ hasText: 'Code accepted' })).toBeVisible()
  }

  /** Picks `to` among the other phones when it is one of them, otherwise types it (a number or a chat id). */
  async sendAs(phoneName: string, to: string, text: string): Promise<void> {
    const card = this.phone(phoneName)
    const recipient = card.getByLabel(`Send as ${phoneName} to`)
    const values = await recipient.locator('option').evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value))
    if (values.includes(to)) await recipient.selectOption(to)
    else {
      await recipient.selectOption('other')
      await card.getByLabel('Number or chat id').fill(to)
    }
    await card.getByLabel('Message', { exact: true }).fill(text)
    await card.getByRole('button', { name: 'Send a message as this person' }).click()
    await expect(card.getByRole('status').filter({ hasText: 'Sent' })).toBeVisible()
  }

  /** The cards' phone numbers, top to bottom. */
  async order(): Promise<string[]> {
    return this.page.getByRole('list', { name: 'Simulated phones' }).locator(':scope > li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-phone') ?? ''))
  }

  /** Nothing in the page is wider than the window (no sideways scrolling). */
  async expectNoHorizontalOverflow(): Promise<void> {
    const [scrollWidth, innerWidth] = (await this.page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')) as [number, number]
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
    expect(await this.page.locator('.content').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  }

  async openInbox(phoneName: string, phoneNumber: string): Promise<Locator> {
    const card = this.phone(phoneName)
    await card.getByRole('button', { name: 'Show inbox' }).click()
    const inbox = card.getByRole('list', { name: `Inbox of ${phoneNumber}` })
    await expect(inbox.or(card.getByText('No messages yet.'))).toBeVisible()
    return inbox
  }
}
