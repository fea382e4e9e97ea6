import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  currentSubscription,
  pushApi,
  pushSupported,
  turnOffPush,
  turnOnPush,
} from '../pwa/push-api'
import { LoadFailed } from './load-failed'

const DEVICES = ['push', 'devices'] as const

/** Web Push on this device: permission asked only when turned on; subscribed devices listed. */
export function NotificationsSection() {
  const supported = pushSupported()
  const queryClient = useQueryClient()
  const key = useQuery({ queryKey: ['push', 'key'], queryFn: pushApi.key, enabled: supported })
  const devices = useQuery({ queryKey: DEVICES, queryFn: pushApi.list, enabled: supported })
  // This browser's endpoint: undefined while unknown, null when not subscribed.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  useEffect(() => {
    if (supported) void currentSubscription().then((s) => setEndpoint(s?.endpoint ?? null))
  }, [supported])

  const list = devices.data?.devices ?? []
  const on = !!endpoint && list.some((d) => d.endpoint === endpoint)
  const ready = !busy && !!key.data && endpoint !== undefined
  // Said before a try, not only after one: the browser would not even ask.
  const blocked =
    !!key.data?.enabled && !on && !error && globalThis.Notification?.permission === 'denied'
  const toggle = async () => {
    setBusy(true)
    setError('')
    try {
      if (on) {
        await turnOffPush()
        setEndpoint(null)
      } else if (key.data?.publicKey) setEndpoint(await turnOnPush(key.data.publicKey))
    } catch (err) {
      setError(pushError(err))
    } finally {
      setBusy(false)
      await queryClient.invalidateQueries({ queryKey: DEVICES })
    }
  }

  return (
    <section className="settings-section" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      {!supported ? (
        <p className="section-note">This browser cannot show notifications from Kathelia.</p>
      ) : key.data && !key.data.enabled ? (
        <p className="section-note">Notifications are not set up on this server.</p>
      ) : (
        <label className="notify-toggle">
          <input
            type="checkbox"
            role="switch"
            checked={on}
            // Focusable while it works (aria-disabled): `disabled` dropped Space's focus to the page.
            aria-disabled={!ready || undefined}
            aria-describedby={blocked ? 'notify-blocked' : undefined}
            onChange={() => ready && void toggle()}
          />
          Notify me on this device of messages that arrive while Kathelia is not open
        </label>
      )}
      {blocked && (
        <p id="notify-blocked" className="section-note">
          Notifications are blocked for this site. Allow them in the browser&rsquo;s site settings
          to turn this on.
        </p>
      )}
      {key.isError && (
        <LoadFailed what="This server's notification setup" retry={() => key.refetch()} />
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {list.length > 0 && (
        <ul className="push-devices" aria-label="Devices with notifications">
          {list.map((d) => (
            <li key={d.$id}>
              {d.device || 'A browser'}
              {d.endpoint === endpoint && <strong> · This device</strong>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** What went wrong, for a person: the browser's own words only as the detail. */
function pushError(err: unknown): string {
  const name = err instanceof Error ? err.name : ''
  const detail = err instanceof Error ? err.message : ''
  // The question closed without an answer: asking again is possible, and is the advice.
  if (name === 'NotAllowedError' && detail === 'dismissed')
    return 'Notifications were not allowed. Switch this on again to be asked once more.'
  // Allowed, yet the browser itself will not subscribe: a private window (Chrome's refuses push),
  // or push turned off in the browser. The site's settings are not the way out.
  const refused = name === 'NotAllowedError' || name === 'AbortError'
  if (refused && typeof Notification !== 'undefined' && Notification.permission === 'granted')
    return 'This browser window cannot receive notifications (a private window, or push turned off in the browser). Try a normal window.'
  if (name === 'NotAllowedError' || /permission|denied/i.test(detail))
    return "Notifications are blocked for this site. Allow them in the browser's site settings, then try again."
  return `Notifications could not be changed${detail ? `: ${detail.replace(/\.$/, '')}` : ''}. Please try again.`
}
