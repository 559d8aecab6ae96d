// Screenshots of the main views, saved by the e2e run (default e2e/test-results/screenshots; the README's come
// from `npm run screenshots`, which points SWITCHBOARD_SCREENSHOTS_DIR at docs/screenshots).
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'

const dir = process.env.SWITCHBOARD_SCREENSHOTS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), 'test-results', 'screenshots')

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false, animations: 'disabled', caret: 'hide' })
}
