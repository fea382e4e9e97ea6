import { Fragment, useMemo } from 'react'
import { linkify } from '../../../shared/linkify'
import { searchRuns } from './display-item'
import { useUnsafeLinks } from './link-safety'
import { useSearchTerm } from './room-context'
import { UnsafeLink } from './unsafe-link'

/** http(s) URLs as links opening in a new tab; every run is a text node, never parsed HTML. */
export function LinkText({ text }: { text: string }) {
  const parts = useMemo(() => linkify(text), [text])
  const unsafe = useUnsafeLinks(text)
  const term = useSearchTerm()
  return parts.map((p, i) =>
    p.href && unsafe?.has(p.href) ? (
      <UnsafeLink key={i} href={p.href} text={p.text} threat={unsafe.get(p.href)!} />
    ) : p.href ? (
      <a
        key={i}
        className="msg-link"
        href={p.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
      >
        <Marked text={p.text} term={term} />
      </a>
    ) : (
      <Marked key={i} text={p.text} term={term} />
    ),
  )
}

/** The search's matches in a run of text, as <mark>. */
function Marked({ text, term }: { text: string; term: string }) {
  if (!term) return text
  return searchRuns(text, term).map((r, i) =>
    r.hit ? (
      <mark key={i} className="search-hit">
        {r.text}
      </mark>
    ) : (
      <Fragment key={i}>{r.text}</Fragment>
    ),
  )
}
