// The UI's language switched inside a test (rendered views update in act), and English again after each test of a
// file that switches it: the tests read English words unless they chose another language.
import { act } from '@testing-library/react'
import { afterEach } from 'vitest'
import { i18n } from '../i18n/index.js'

export const inLanguage = (lng: string): Promise<void> => act(async () => void (await i18n.changeLanguage(lng)))

/** Called once at a file's top level: every test of the file ends back in English. */
export function englishAfterEach(): void {
  afterEach(() => inLanguage('en'))
}
