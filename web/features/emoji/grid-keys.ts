import type { KeyboardEvent } from 'react'

const top = (el: Element) => Math.round(el.getBoundingClientRect().top)
const left = (el: Element) => el.getBoundingClientRect().left

/**
 * Arrow keys through a grid of `[data-cell]` buttons laid out by CSS (rows of any length, groups
 * with headings between them): left and right by one, up and down to the nearest cell of the
 * row above or below, Home and End to the first and last. Other keys pass. False when the key
 * had nowhere to go (↑ from the top row).
 */
export function moveInGrid(e: KeyboardEvent<HTMLElement>): boolean | undefined {
  const cells = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-cell]')]
  const i = cells.indexOf(e.target as HTMLElement)
  if (i < 0) return
  const here = cells[i]!
  let to: HTMLElement | undefined
  if (e.key === 'ArrowLeft') to = cells[i - 1]
  else if (e.key === 'ArrowRight') to = cells[i + 1]
  else if (e.key === 'Home') to = cells[0]
  else if (e.key === 'End') to = cells.at(-1)
  else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    const down = e.key === 'ArrowDown'
    const after = down ? cells.slice(i + 1) : cells.slice(0, i).reverse()
    const next = after.find((c) => (down ? top(c) > top(here) : top(c) < top(here)))
    const row = next ? after.filter((c) => top(c) === top(next)) : []
    to = row.sort((a, b) => Math.abs(left(a) - left(here)) - Math.abs(left(b) - left(here)))[0]
  } else return
  e.preventDefault()
  if (to) rove(here, to)
  return !!to
}

/** Moves the grid's one Tab stop to `to`, with the focus. */
export function rove(from: HTMLElement | null, to: HTMLElement) {
  if (from) from.tabIndex = -1
  to.tabIndex = 0
  to.focus()
}
