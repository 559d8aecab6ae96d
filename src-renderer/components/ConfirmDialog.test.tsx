// ConfirmDialog as a modal: focus starts on Cancel and stays inside on Tab and Shift+Tab, the rest of the page
// is inert while it is open, Escape cancels, and focus returns to the button that opened it.
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './ConfirmDialog.js'

function Page({ onConfirm }: { onConfirm(): void }) {
  const [open, setOpen] = useState(false)
  return (
    <div>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete instance
      </button>
      <button type="button">After</button>
      {open ? <ConfirmDialog title="Delete this instance?" body="This cannot be undone." confirmLabel="Delete" onCancel={() => setOpen(false)} onConfirm={() => { setOpen(false); onConfirm() }} /> : null}
    </div>
  )
}

describe('ConfirmDialog', () => {
  it('keeps focus inside while open, makes the page inert, and gives focus back after Escape', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    const { container } = render(<Page onConfirm={onConfirm} />)
    const opener = screen.getByRole('button', { name: 'Delete instance' })
    await user.click(opener)
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this instance?' })
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.')
    expect(dialog.parentElement).toBe(document.body)
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    const confirm = screen.getByRole('button', { name: 'Delete' })
    expect(cancel).toHaveFocus()
    expect(container).toHaveAttribute('inert')

    await user.tab()
    expect(confirm).toHaveFocus()
    await user.tab()
    expect(cancel).toHaveFocus()
    await user.tab({ shift: true })
    expect(confirm).toHaveFocus()
    await user.tab({ shift: true })
    expect(cancel).toHaveFocus()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
    expect(container).not.toHaveAttribute('inert')
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('confirms with its button and returns focus too', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    render(<Page onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Delete instance' }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Delete instance' })).toHaveFocus()
  })

  it('uses the native modal when the browser has one, and lets Escape’s cancel event go through the parent', async () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '')
    })
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open')
    })
    Object.assign(HTMLDialogElement.prototype, { showModal, close })
    try {
      const user = userEvent.setup()
      render(<Page onConfirm={() => undefined} />)
      await user.click(screen.getByRole('button', { name: 'Delete instance' }))
      expect(showModal).toHaveBeenCalledTimes(1)
      const cancelEvent = new Event('cancel', { cancelable: true })
      act(() => void screen.getByRole('alertdialog').dispatchEvent(cancelEvent))
      expect(cancelEvent.defaultPrevented).toBe(true)
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
      expect(close).toHaveBeenCalledTimes(1)
    } finally {
      Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal')
      Reflect.deleteProperty(HTMLDialogElement.prototype, 'close')
    }
  })
})
