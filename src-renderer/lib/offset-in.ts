// Where an element starts inside its scroll container's content: the scrollMargin a virtualized list needs. Not the
// element's offsetTop alone: that counts from the nearest positioned ancestor, and for a scroller that is not
// positioned that is the page, so every change of layout above the scroller moved the list's rows away from the
// viewport the virtualizer computed them for. (offsetTop ignores scrolling, so this does not change as it scrolls.)
export function offsetIn(scroller: HTMLElement, el: HTMLElement): number {
  return el.offsetParent === scroller ? el.offsetTop : el.offsetTop - scroller.offsetTop - scroller.clientTop
}
