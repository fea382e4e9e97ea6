import { Fragment } from 'react'
import { searchRuns, type Hit } from './display-item'

/** The search's matches in a run of text that starts at `offset` of the text searched, as <mark>. */
export function Marked({ text, hits, offset }: { text: string; hits: Hit[]; offset: number }) {
  if (!hits.length) return text
  return searchRuns(text, hits, offset).map((r, i) =>
    r.hit ? (
      <mark key={i} className="search-hit">
        {r.text}
      </mark>
    ) : (
      <Fragment key={i}>{r.text}</Fragment>
    ),
  )
}
