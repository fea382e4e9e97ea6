import { useState } from 'react'
import { titleCase, toNotice, type Notice } from '../../lib/errors'
import { TEXTS } from '../../../shared/texts'
import { NoticeAlert } from '../auth/notice-alert'

type State = { running: false; notice?: Notice } | { running: true; count: number }

/**
 * The day's date in the file's name: "kathelia-chats-2026-11-28.txt", the reader's own day. Here,
 * not in shared/date-format.ts: that module is in the room's first script, which has no room.
 */
const fileName = (at: Date) =>
  `kathelia-chats-${[at.getFullYear(), at.getMonth() + 1, at.getDate()].map((n) => String(n).padStart(2, '0')).join('-')}.txt`

/** Hands a text to the browser as a download (the page's own, no server round trip). */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  link.click()
  // Revoked once the browser has taken it (a click starts the download asynchronously).
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** Settings' "Your data": every room's whole history as a text file, read with this session. */
export function ExportSection() {
  const [state, setState] = useState<State>({ running: false })
  const run = async () => {
    // Offline its reads would wait for the connection (the rooms' query pauses), "0 messages
    // read" for as long as it is gone: refused at once, as a save offline is.
    if (!navigator.onLine)
      return setState({
        running: false,
        notice: { type: 'error', title: titleCase('export chats'), body: TEXTS.offline },
      })
    setState({ running: true, count: 0 })
    try {
      // The reading and writing are a chunk of their own, loaded when asked for.
      const { exportChats } = await import('./chat-export')
      const text = await exportChats((count) => setState({ running: true, count }))
      download(text, fileName(new Date()))
      setState({
        running: false,
        notice: {
          type: 'success',
          title: 'Exported',
          body: 'Your chat history is in your downloads.',
        },
      })
    } catch (err) {
      setState({ running: false, notice: toNotice('export chats', err) })
    }
  }
  return (
    <section className="settings-section" aria-labelledby="export-title">
      <h2 id="export-title">Your data</h2>
      <p className="section-note">
        Every message of the rooms you can read, oldest first, as a text file. Files and photos are
        named, not included.
      </p>
      <button
        type="button"
        className="secondary"
        aria-disabled={state.running || undefined}
        onClick={() => !state.running && void run()}
      >
        Export chat history
      </button>
      {state.running && (
        <p role="status" className="section-note">
          Exporting… {state.count.toLocaleString('en')} messages read
        </p>
      )}
      {!state.running && state.notice && <NoticeAlert notice={state.notice} />}
    </section>
  )
}
