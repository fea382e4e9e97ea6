import { Fragment, Suspense, useMemo, useState, type ReactNode } from 'react'
import { formatText, isLongText, readAs, type FormattedPart } from '../../../shared/text-format'
import { messageTextId, searchHits, type DisplayItem } from './display-item'
import { Marked } from './search-mark'
import { useUnsafeLinks } from './link-safety'
import { useSearchTerm } from './room-context'
import { MessageParts } from './message-parts'

/**
 * A message's text in its own direction (Hebrew, Arabic), as messengers show each message. A
 * long one folds to its first lines with "Read more"; a search shows it whole, its matches in it.
 */
export function MessageBody({ item, big }: { item: DisplayItem; big: boolean }) {
  const term = useSearchTerm()
  const [open, setOpen] = useState(false)
  const long = isLongText(item.text) && !term
  return (
    <>
      <p
        dir="auto"
        className={`msg-text${big ? ' emoji-only' : ''}${long && !open ? ' folded' : ''}`}
        id={messageTextId(item.key)}
      >
        <MessageText text={item.text} />
      </p>
      {long && (
        // The list holds the bubble's top where it is while it opens or closes (message-list.tsx).
        <button
          type="button"
          className="link read-more"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Show less' : 'Read more'}
        </button>
      )}
    </>
  )
}

/**
 * A message's text: its formatting (*bold*, _italic_, ~strike~, `code`, shared/text-format.ts),
 * http(s) URLs as links opening in a new tab, the search's matches marked. Every run is a text
 * node, never parsed HTML. The Worker's drawn room renders the same runs the same way
 * (worker/first-paint/row-paint.ts).
 */
function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => formatText(text), [text])
  const unsafe = useUnsafeLinks(text)
  const term = useSearchTerm()
  // Matched in the text as read, as the search found it: a match may span styled runs.
  const { hits, starts } = useMemo(() => {
    if (!term) return { hits: [], starts: [] }
    const read = readAs(parts)
    return { hits: searchHits(read.text, term), starts: read.starts }
  }, [parts, term])
  return parts.map((p, i) => {
    const marked = <Marked text={p.text} hits={hits} offset={starts[i] ?? 0} />
    const run =
      p.href && unsafe?.has(p.href) ? (
        // Inert until its chunk is in (preloaded once the room is idle): never a plain link.
        <Suspense fallback={<span className="msg-link unsafe">{p.text}</span>}>
          <MessageParts.UnsafeLink href={p.href} text={p.text} threat={unsafe.get(p.href)!} />
        </Suspense>
      ) : p.href ? (
        <a className="msg-link" href={p.href} target="_blank" rel="noopener noreferrer nofollow">
          {marked}
        </a>
      ) : (
        marked
      )
    return <Fragment key={i}>{styled(p, run)}</Fragment>
  })
}

/** Code, or strong > em > s around the run, in the order the drawn room nests them. */
function styled(p: FormattedPart, run: ReactNode): ReactNode {
  if (p.code)
    return <code className={p.code === 'block' ? 'msg-code block' : 'msg-code'}>{run}</code>
  if (p.strike) run = <s>{run}</s>
  if (p.italic) run = <em>{run}</em>
  return p.bold ? <strong>{run}</strong> : run
}
