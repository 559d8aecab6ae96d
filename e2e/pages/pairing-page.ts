// Pairing view: the live QR, the pairing-code form, the temporary link.
import { expect, type Locator, type Page } from '@playwright/test'

export class PairingPage {
  constructor(private readonly page: Page) {}

  get qr(): Locator {
    return this.page.getByRole('img', { name: 'QR code to link this instance' })
  }

  async selectInstance(id: string): Promise<void> {
    await this.page.getByLabel('Instance', { exact: true }).selectOption(id)
  }

  /** Requests a pairing code for the phone and returns it as shown (XXXX-XXXX). */
  async requestCode(phone: string): Promise<string> {
    await this.page.getByLabel('Phone number with country code').fill(phone)
    await this.page.getByRole('button', { name: 'Get pairing code' }).click()
    const code = this.page.getByTestId('pairing-code')
    await expect(code).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    return (await code.textContent())!.trim()
  }
}
