import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useSnapshot } from 'valtio'
import { firstLink } from '../../../shared/linkify'
import { linkImageQuery, linkPreviewQuery } from './link-api'
import { useUnsafeLinks } from './link-safety'
import { globalState } from '../../state/global-state'

/**
 * The first link's preview, asked for after the message rendered (a sent message only, so a
 * preview never holds up sending). Nothing shows for a link without a title or description.
 */
export default function LinkPreviewCard({ text }: { text: string }) {
  const url = useMemo(() => firstLink(text), [text])
  // Flags kept from before the server named the feature leave it asked for (as before).
  const on = useSnapshot(globalState).flags.linkPreviews !== false
  // Asked for once the link is known not to be flagged (at once when checks are off): the Worker
  // does not fetch a page the lookup flagged, and a flagged link gets no card, which would open
  // it without the warning.
  const unsafe = useUnsafeLinks(text)
  const safe = !!url && !!unsafe && !unsafe.has(url)
  const preview = useQuery({ ...linkPreviewQuery(url ?? ''), enabled: safe && on })
  const imageUrl = preview.data?.image ?? ''
  const image = useQuery({ ...linkImageQuery(imageUrl), enabled: !!imageUrl })
  const p = preview.data
  if (!safe || !p || (!p.title && !p.description)) return null
  return (
    <a
      className="link-preview"
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      aria-label={`Link preview: ${p.title ?? p.siteName ?? url}`}
    >
      {image.data && <img className="link-preview-image" src={image.data} alt="" />}
      <span className="link-preview-text">
        {p.siteName && <span className="link-preview-site">{p.siteName}</span>}
        {p.title && <strong className="link-preview-title">{p.title}</strong>}
        {p.description && <span className="link-preview-description">{p.description}</span>}
      </span>
    </a>
  )
}
