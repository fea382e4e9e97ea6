import { useEffect, useId, useState } from 'react'
import type { Status } from '../../state/global-state'
import { usePopover } from '../layout/use-popover'
import { formatDate } from '../../../shared/date-format'
import { isTypingIn, presenceOf, typingWords } from './presence-model'

/**
 * The server's "Idle since 09:12 UTC" in the reader's own clock ("Idle since 10:12 am" in
 * Paris): the latest moment at that UTC time not after `now`. Other activity texts as they are.
 * Here rather than in presence-model.ts: this panel is a lazy chunk, the room's first load is not.
 */
export function localActivity(text: string, now: number): string {
  const m = /^Idle since (\d{2}):(\d{2}) UTC$/.exec(text)
  if (!m) return text
  const at = new Date(now)
  at.setUTCHours(Number(m[1]), Number(m[2]), 0, 0)
  if (at.getTime() > now) at.setUTCDate(at.getUTCDate() - 1)
  return `Idle since ${formatDate(at, 'messageTime')}`
}

/** The admin's view of the partner's device, each detail labelled; only the known ones. */
export function detailRows(status: Status, now: number): [label: string, value: string][] {
  const rows: [string, string | null | undefined][] = [
    ['Typing', isTypingIn({ ...status, typingRoomId: null }, '', now) ? typingWords(status) : null],
    ['Location', status.location],
    ['Device', status.deviceType],
    ['Browser', status.browser],
    ['OS', status.operatingSystem],
    // What an offline partner was last doing is not what they are doing.
    [
      'Activity',
      presenceOf(status) !== 'offline' && status.activity
        ? localActivity(status.activity, now)
        : null,
    ],
  ]
  return rows.filter((r): r is [string, string] => !!r[1])
}

/**
 * A disclosure beside the partner's name: the button opens a panel over the page (the top bar
 * keeps its height) where every detail wraps instead of being cut, at any width. Escape or a
 * click elsewhere closes it.
 */
export function PartnerDetails({ status, now }: { status: Status; now: number }) {
  const { open, setOpen, ref, buttonRef } = usePopover()
  const id = useId()
  // The header's clock ticks each minute; "Typing" ends after seconds, as the room's indicator does.
  const [tick, setTick] = useState(now)
  const typing = open && !!status.isTyping
  useEffect(() => {
    if (!typing) return
    setTick(Date.now())
    const timer = setInterval(() => setTick(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [typing, status.$updatedAt])
  const rows = detailRows(status, Math.max(now, tick))

  return (
    <div className="partner-details" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button details-toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label="Show partner details"
        title="Partner details"
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5M12 8h.01" />
        </svg>
      </button>
      {open && (
        <section id={id} className="details-popover" aria-label="Partner details">
          {rows.length ? (
            <dl>
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>No device details yet.</p>
          )}
        </section>
      )}
    </div>
  )
}
