import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { SETTINGS_TEXTS } from '../../../shared/settings-texts'
import { titleCase, toNotice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { NoticeAlert } from '../auth/notice-alert'
import { QueryWait } from '../../lib/query-wait'
import { useFocusAfterRemoval } from '../../lib/use-focus-after-removal'
import type { SessionView } from './session-view'
import { since } from '../presence/presence-model'
import { endSessionsById, sessionsQuery } from './sessions-query'
import { SignOutOthers } from './sign-out-others'
import './sessions-list.css'

/** Where this account is signed in; any other device can be signed out from here. */
export function SessionsList() {
  const queryClient = useQueryClient()
  const sessions = useQuery(sessionsQuery())
  // The success text says what was asked: one device, or every other one (however many).
  const end = useMutation({
    mutationFn: ({ ids }: { ids: string[]; done: string }) => endSessionsById(ids),
    onSuccess: (_, { done }) =>
      notify({ type: 'success', title: titleCase('sign out'), body: done }),
    onError: (err) => notify(toNotice('sign out', err)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  })
  const others = (sessions.data ?? []).filter((s) => !s.current).map((s) => s.id)
  // The last other device signed out (or all at once): the focus goes to the section's heading.
  const removing = useFocusAfterRemoval(() => document.getElementById('sessions-title'))

  return (
    <section className="settings-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title" tabIndex={-1}>
        Devices
      </h2>
      <p className="section-note">The devices where you are signed in.</p>
      <QueryWait query={sessions} label="Loading your devices" what="Your devices" />
      {sessions.isError && (
        <NoticeAlert notice={toNotice('load devices', sessions.error)}>
          {' '}
          <button type="button" className="link" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </NoticeAlert>
      )}
      {sessions.data && (
        <ul className="session-list" aria-busy={end.isPending}>
          {sessions.data.map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              busy={end.isPending}
              onSignOut={(control) => {
                removing(control, '[data-row-action="sign-out"]')
                end.mutate({ ids: [s.id], done: SETTINGS_TEXTS.sessionSignedOut })
              }}
            />
          ))}
        </ul>
      )}
      {others.length > 0 && (
        // A changed set of other devices asks again (and a done sign-out closes the question).
        <SignOutOthers
          key={others.join()}
          count={others.length}
          busy={end.isPending}
          onConfirm={(control) => {
            removing(control)
            end.mutate({ ids: others, done: SETTINGS_TEXTS.otherSessionsSignedOut })
          }}
        />
      )}
    </section>
  )
}

type RowProps = { session: SessionView; busy: boolean; onSignOut: (control: HTMLElement) => void }

function SessionRow({ session: s, busy, onSignOut }: RowProps) {
  const titleId = `session-${s.id}`
  return (
    <li className={`session-row${s.current ? ' current' : ''}`}>
      <div className="session-text">
        <p className="session-title" id={titleId}>
          {s.title}
          {/* Apart from the title for a screen reader too ("… on LinuxThis device" ran on). */}
          {s.current && <span className="sr-only">, </span>}
          {s.current && <span className="session-badge">This device</span>}
        </p>
        {s.details && <p className="session-meta">{s.details}</p>}
        <p className="session-meta">
          Signed in <time dateTime={s.createdAt}>{s.created}</time>
        </p>
        {s.current ? (
          <p className="session-meta">Active now</p>
        ) : (
          s.activeAt && (
            <p className="session-meta">
              Last active <time dateTime={s.activeAt}>{since(new Date(s.activeAt))}</time>
            </p>
          )
        )}
      </div>
      {!s.current && (
        <button
          type="button"
          className="secondary"
          data-row-action="sign-out"
          // Not disabled while a sign-out runs: that would drop the keyboard's focus to the page.
          aria-disabled={busy || undefined}
          onClick={(e) => !busy && onSignOut(e.currentTarget)}
          aria-describedby={titleId}
        >
          Sign out
        </button>
      )}
    </li>
  )
}
