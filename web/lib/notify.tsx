import { toast } from 'react-toastify'
import type { Notice } from './errors'

function NoticeBody({ title, body }: Pick<Notice, 'title' | 'body'>) {
  return (
    <div className="toast-body">
      <strong>{title}</strong>
      <span>{body}</span>
    </div>
  )
}

/** The spec's notifications: a titled toast of the notice's type (error by default). */
export function notify({
  type = 'error',
  title,
  body,
}: Partial<Notice> & { title: string; body: string }) {
  toast(<NoticeBody title={title} body={body} />, { type })
}
