// Small inline icons drawn with the text colour. Emoji were used before, and Linux machines without an emoji font
// showed an empty box instead (a queued message's clock, an attachment's clip, a locked policy's padlock); the
// meaning is always in words next to them, so they are hidden from screen readers.
const PATHS = {
  clock: 'M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM8 4v4.3l2.8 1.7',
  clip: 'M10.5 4.5 5.6 9.4a1.4 1.4 0 0 0 2 2l5.2-5.2a2.8 2.8 0 0 0-4-4L3.6 7.4a4.2 4.2 0 0 0 6 6l4.1-4.1',
  lock: 'M4.5 7V5a3.5 3.5 0 0 1 7 0v2M3.5 7h9v7h-9Z'
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className={`icon icon-${name}`} viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
      <path d={PATHS[name]} />
    </svg>
  )
}
