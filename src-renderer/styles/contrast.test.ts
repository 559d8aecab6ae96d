// WCAG AA contrast of the stylesheet's colours, in both themes: every text colour against the backgrounds it is
// used on (4.5:1, small text), the SANDBOX badge, the unread pill, status badges without faded codes.
import { describe, expect, it } from 'vitest'
import css from './app.css?raw'

type Theme = Record<string, string>

function variables(selector: string): Theme {
  const start = css.indexOf(`${selector} {`)
  if (start < 0) throw new Error(`no block ${selector}`)
  const block = css.slice(start, css.indexOf('}', start))
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]))
}

const light = variables(':root')
const dark = { ...light, ...variables(":root[data-theme='dark']") }
const systemDark = { ...light, ...variables(":root:not([data-theme='light'])") }

function luminance(hex: string): number {
  const h = hex.replace('#', '')
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/** [text colour, background] pairs as the stylesheet uses them. */
const PAIRS: [string, string][] = [
  ['text', 'bg'], ['text', 'surface'], ['text', 'surface-2'], ['text', 'bubble-out'],
  ['muted', 'bg'], ['muted', 'surface'], ['muted', 'surface-2'], ['muted', 'bubble-out'],
  // Status badges (cards on surface, the instance picker on bg), tags on surface-2, ticks in bubbles.
  ['accent', 'surface'], ['accent', 'bg'], ['accent', 'surface-2'],
  ['warn', 'surface'], ['warn', 'bg'],
  ['info', 'surface'], ['info', 'bg'], ['info', 'surface-2'], ['info', 'bubble-out'],
  ['danger', 'surface'], ['danger', 'bg'], ['danger', 'surface-2'], ['danger', 'bubble-out'],
  ['accent-text', 'accent'], ['sandbox-text', 'sandbox-bg']
]

describe('colour contrast (WCAG AA)', () => {
  it('follows the system dark theme exactly as the explicit dark theme', () => {
    expect(systemDark).toEqual(dark)
  })

  for (const [name, theme] of [['light', light], ['dark', dark]] as const) {
    it(`has 4.5:1 for every text colour on its backgrounds in the ${name} theme`, () => {
      const failing = PAIRS.map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: Math.round(contrast(theme[fg]!, theme[bg]!) * 100) / 100 })).filter((p) => p.ratio < 4.5)
      expect(failing).toEqual([])
    })
  }

  it('does not fade status codes in badges (opacity would undo the contrast above)', () => {
    const rule = /\.badge-code\s*\{([^}]*)\}/.exec(css)?.[1] ?? ''
    expect(rule).not.toMatch(/opacity/)
    expect(/\.sandbox-badge\s*\{([^}]*)\}/.exec(css)?.[1]).toMatch(/background: var\(--sandbox-bg\); color: var\(--sandbox-text\)/)
  })

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#111', '#9a6700')).toBeLessThan(4.5)
  })
})
