// The UI's languages (issue 20 item 12): i18next with English as the source and pt-BR, es and id translations,
// bundled (no loading). The language follows the browser's (navigator.language) until the owner picks one in
// Settings (kept by the core). Dates, times and numbers are formatted for the same locale (lib/format.ts).
// Opt-out keywords and the sandbox's names are data, not UI words: they are never translated.
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { UiLanguageChoice } from '../../src-preload/contract/dto.js'
import { en } from './locales/en.js'
import { es } from './locales/es.js'
import { id } from './locales/id.js'
import { ptBR } from './locales/pt-BR.js'

export type UiLanguage = Exclude<UiLanguageChoice, 'system'>
export const LANGUAGES: readonly UiLanguage[] = ['en', 'pt-BR', 'es', 'id']
/** Each language named in itself (the switch lists them so, whatever the current language). */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', 'pt-BR': 'Português (Brasil)', es: 'Español', id: 'Bahasa Indonesia' }

export const RESOURCES = { en, 'pt-BR': ptBR, es, id } as const

/** The language for a browser language tag: pt-PT and pt read Brazilian Portuguese, es-MX Spanish, in-ID Indonesian; anything else English. */
export function languageFor(tag: string | undefined): UiLanguage {
  const t = (tag ?? '').toLowerCase()
  if (t.startsWith('pt')) return 'pt-BR'
  if (t.startsWith('es')) return 'es'
  if (t.startsWith('id') || t.startsWith('in')) return 'id'
  return 'en'
}

const browserTag = (): string | undefined => (typeof navigator !== 'undefined' ? navigator.language : undefined)

/** The language a choice means here ('system': the browser's). */
export const resolveLanguage = (choice: UiLanguageChoice): UiLanguage => (choice === 'system' ? languageFor(browserTag()) : choice)

void i18next.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(RESOURCES).map(([lng, translation]) => [lng, { translation }])),
  lng: resolveLanguage('system'),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false }
})

export const i18n = i18next
export const t = i18next.t.bind(i18next)

/** Switches the UI (and the page's lang attribute) to the language a choice means. */
export async function applyLanguage(choice: UiLanguageChoice): Promise<UiLanguage> {
  const lang = resolveLanguage(choice)
  if (i18next.language !== lang) await i18next.changeLanguage(lang)
  if (typeof document !== 'undefined') document.documentElement.lang = lang
  return lang
}

/** The locale for Intl: the browser's own tag when it is a variant of the UI language (en-GB keeps its dates), else the UI language. */
export function formatLocale(): string {
  const lang = (i18next.language || 'en') as UiLanguage
  const tag = browserTag()
  return tag && languageFor(tag) === lang ? tag : lang
}
