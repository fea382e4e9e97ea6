import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { DEFAULT_MEDIA_PREFS, mediaPrefsQuery } from './media-prefs'
import './media.css'

/** With "Blur media until I click" on, the media is blurred and inert until revealed. */
export function BlurGate({ name, children }: { name: string; children: ReactNode }) {
  const prefs = useQuery(mediaPrefsQuery()).data ?? DEFAULT_MEDIA_PREFS
  const [shown, setShown] = useState(false)
  if (prefs.blurMedia !== 1 || shown) return <>{children}</>
  return (
    <div className="blur-gate">
      <div className="blurred" aria-hidden="true" inert>
        {children}
      </div>
      <button type="button" className="secondary reveal" onClick={() => setShown(true)}>
        Show {name}
      </button>
    </div>
  )
}

/** A video inline with its controls; loops when the user's "Loop videos" is on. */
export function InlineVideo({ src, name }: { src: string; name: string }) {
  const prefs = useQuery(mediaPrefsQuery()).data ?? DEFAULT_MEDIA_PREFS
  return (
    <video
      className="msg-video"
      src={src}
      controls
      preload="metadata"
      loop={prefs.loopVideos}
      aria-label={name}
    />
  )
}
