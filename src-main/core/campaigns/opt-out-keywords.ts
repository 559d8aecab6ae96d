// Opt-out keywords: a reply that is only such a word (case, accents, punctuation and emoji ignored) opts the sender
// out. Built-in words in English, Spanish, Portuguese, French, German, Italian and Indonesian; accounts add their own.

export const BUILT_IN_OPT_OUT_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['stop', 'unsubscribe', 'stop all', 'stopall', 'cancel', 'end', 'quit', 'opt out', 'optout', 'remove me'],
  es: ['baja', 'darme de baja', 'alto', 'parar', 'cancelar', 'no mas', 'no más', 'eliminar', 'salir'],
  pt: ['parar', 'sair', 'cancelar', 'descadastrar', 'remover', 'pare'],
  fr: ['arret', 'arrêt', 'stop', 'desabonner', 'désabonner', 'desinscrire', 'désinscrire', 'annuler'],
  de: ['stopp', 'abmelden', 'abbestellen', 'austragen', 'kündigen'],
  it: ['basta', 'annulla', 'disiscrivi', 'cancellami', 'fermati'],
  id: ['berhenti', 'stop', 'batal', 'keluar', 'hapus']
}

/** Lowercase, accents off, punctuation and emoji off, spaces collapsed. */
export function normalizeReply(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

export function optOutKeywords(builtIn: boolean, extra: readonly string[]): Set<string> {
  const words = new Set<string>()
  if (builtIn) for (const list of Object.values(BUILT_IN_OPT_OUT_KEYWORDS)) for (const w of list) words.add(normalizeReply(w))
  for (const w of extra) if (normalizeReply(w)) words.add(normalizeReply(w))
  return words
}

/** The keyword a reply is, or undefined. Only short replies count ("stop" yes; "don't stop the music" no). */
export function matchOptOut(text: string, keywords: ReadonlySet<string>): string | undefined {
  const n = normalizeReply(text)
  if (!n || n.length > 40) return undefined
  return keywords.has(n) ? n : undefined
}
