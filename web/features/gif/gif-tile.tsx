import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { Gif } from '../../../shared/schemas'
import { gifMediaQuery } from './gif-media'

type Props = {
  gif: Gif
  onPick: (gif: Gif) => void
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void
  tileRef: (el: HTMLButtonElement | null) => void
}

/** One result: its small rendition is fetched (through the Worker) only once it scrolls into view. */
export function GifTile({ gif, onPick, onKeyDown, tileRef }: Props) {
  const [seen, setSeen] = useState(false)
  const own = useRef<HTMLButtonElement | null>(null)
  useEffect(() => {
    const el = own.current
    if (!el || seen) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true)
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [seen])
  const preview = useQuery({ ...gifMediaQuery(gif.preview), enabled: seen })
  const label = gif.title || 'GIF'
  return (
    <li>
      <button
        ref={(el) => {
          own.current = el
          tileRef(el)
        }}
        type="button"
        className="gif-tile"
        aria-label={label}
        title={label}
        onClick={() => onPick(gif)}
        onKeyDown={onKeyDown}
      >
        {preview.data && <img src={preview.data} alt="" />}
      </button>
    </li>
  )
}
