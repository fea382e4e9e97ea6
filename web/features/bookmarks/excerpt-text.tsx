import { Fragment, Suspense, useMemo } from 'react'
import { useUnsafeLinks } from '../chat/link-safety'
import { MessageParts } from '../chat/message-parts'
import { excerptLinks } from './excerpt-links'

/**
 * A saved message's words with their links, as the room shows them: each opens in a new tab, one
 * the server's Safe Browsing lookup flagged behind its warning (excerpt-links.ts).
 */
export function ExcerptText({ text }: { text: string }) {
  const parts = useMemo(() => excerptLinks(text), [text])
  const unsafe = useUnsafeLinks(text)
  return parts.map((p, i) => {
    if (!p.href) return <Fragment key={i}>{p.text}</Fragment>
    if (unsafe?.has(p.href))
      return (
        <Suspense key={i} fallback={<span className="msg-link unsafe">{p.text}</span>}>
          <MessageParts.UnsafeLink href={p.href} text={p.text} threat={unsafe.get(p.href)!} />
        </Suspense>
      )
    return (
      <a key={i} className="link" href={p.href} target="_blank" rel="noopener noreferrer nofollow">
        {p.text}
      </a>
    )
  })
}
