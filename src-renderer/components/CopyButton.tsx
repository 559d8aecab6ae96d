// Copies text to the clipboard and says so; if the clipboard is refused, tells the user to copy by hand.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('failed')
    }
    setTimeout(() => setState('idle'), 2_000)
  }
  return (
    <button type="button" onClick={() => void copy()} aria-live="polite">
      {state === 'copied' ? t('common.copied') : state === 'failed' ? t('common.copyByHand') : (label ?? t('common.copy'))}
    </button>
  )
}
