import { Fragment, useMemo } from 'react'
import { linkify } from '../../../shared/linkify'

/** http(s) URLs as links opening in a new tab; every run is a text node, never parsed HTML. */
export function LinkText({ text }: { text: string }) {
  const parts = useMemo(() => linkify(text), [text])
  return parts.map((p, i) =>
    p.href ? (
      <a
        key={i}
        className="msg-link"
        href={p.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
      >
        {p.text}
      </a>
    ) : (
      <Fragment key={i}>{p.text}</Fragment>
    ),
  )
}
