import { Fragment, useMemo } from 'react'
import { linkify } from '../../../shared/linkify'
import { useUnsafeLinks } from './link-safety'
import { UnsafeLink } from './unsafe-link'

/** http(s) URLs as links opening in a new tab; every run is a text node, never parsed HTML. */
export function LinkText({ text }: { text: string }) {
  const parts = useMemo(() => linkify(text), [text])
  const unsafe = useUnsafeLinks(text)
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
        {p.text}
      </a>
    ) : (
      <Fragment key={i}>{p.text}</Fragment>
    ),
  )
}
