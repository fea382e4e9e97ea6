import type { Notice } from './errors'
import { uiState } from '../state/ui-state'

function NoticeBody({ title, body }: Pick<Notice, 'title' | 'body'>) {
  return (
    <div className="toast-body">
      <strong>{title}</strong>
      <span>{body}</span>
    </div>
  )
}

/**
 * The spec's notifications: a titled toast of the notice's type (error by default). The toast
 * library loads with the first notification; toasts raised before its container mounts wait.
 */
export function notify({
  type = 'error',
  title,
  body,
}: Partial<Notice> & { title: string; body: string }) {
  uiState.toastsNeeded = true
  // Not shown when the library cannot load (__root.tsx): the notice's own place says it too.
  void import('./toast-host').then(async ({ mountedToast }) => {
    const toast = await mountedToast()
    // The same notice twice (two copies, two saves) is one toast, not a stack of them; so is one
    // problem told by two parts at once ("Login" and "Refresh failed": could not be reached).
    toast(<NoticeBody title={title} body={body} />, {
      type,
      toastId: `${type}:${body}`,
      // A success or an info ("Copied", "Your name was saved") waits for the screen reader to
      // finish; only a problem interrupts it.
      role: type === 'error' || type === 'warning' ? 'alert' : 'status',
    })
  }, noop)
}

const noop = () => undefined
