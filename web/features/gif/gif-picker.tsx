import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { Gif } from '../../../shared/schemas'
import { errorMessage } from '../../lib/errors'
import type { GifRef } from '../chat/message-model'
import { gifSearchQuery, useDebounced } from './gif-search'
import { GifTile } from './gif-tile'
import './gif-picker.css'

const COLUMNS = 3
const moves: Record<string, number> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -COLUMNS,
  ArrowDown: COLUMNS,
}

/**
 * Search the GIF service (debounced) and pick one: arrow keys move through the grid, Enter or a
 * click sends it, Escape closes. Loaded only when the composer's GIF button is first pressed.
 */
export default function GifPicker({
  onPick,
  onClose,
}: {
  onPick: (gif: GifRef) => void
  onClose: () => void
}) {
  const [text, setText] = useState('')
  const q = useDebounced(text.trim(), 350)
  const search = useQuery(gifSearchQuery(q))
  const tiles = useRef<(HTMLButtonElement | null)[]>([])
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  const results = search.data?.results ?? []

  const pick = (g: Gif) => onPick({ url: g.url, width: g.width || 1, height: g.height || 1 })

  function onTileKey(index: number, e: KeyboardEvent<HTMLButtonElement>) {
    const step = moves[e.key]
    if (step === undefined) return
    e.preventDefault()
    const next = index + step
    if (next < 0) return input.current?.focus()
    tiles.current[Math.min(next, results.length - 1)]?.focus()
  }

  return (
    <div
      className="gif-picker composer-popup"
      role="dialog"
      aria-label="Choose a GIF"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        e.stopPropagation()
        onClose()
      }}
    >
      <input
        ref={input}
        type="search"
        className="gif-search"
        aria-label="Search GIFs"
        placeholder="Search GIFs"
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'Enter') {
            e.preventDefault()
            tiles.current[0]?.focus()
          }
        }}
      />
      {!q && <p className="gif-note">Type to search GIFs.</p>}
      {q && search.isPending && <p className="gif-note">Searching…</p>}
      {search.isError && (
        <p className="gif-note" role="alert">
          {errorMessage(search.error)}
        </p>
      )}
      {search.isSuccess && results.length === 0 && <p className="gif-note">No GIFs for “{q}”.</p>}
      {results.length > 0 && (
        <ul className="gif-grid" aria-label="GIFs">
          {results.map((g, i) => (
            <GifTile
              key={g.id}
              gif={g}
              onPick={pick}
              onKeyDown={(e) => onTileKey(i, e)}
              tileRef={(el) => void (tiles.current[i] = el)}
            />
          ))}
        </ul>
      )}
    </div>
  )
}
