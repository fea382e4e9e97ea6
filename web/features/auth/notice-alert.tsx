import type { ReactNode } from 'react'
import type { Notice } from '../../lib/errors'

/** An inline titled notice (spec's Alert: type, title, body); errors and warnings interrupt. */
export function NoticeAlert({ notice, children }: { notice: Notice; children?: ReactNode }) {
  const urgent = notice.type === 'error' || notice.type === 'warning'
  return (
    <div className={`notice notice-${notice.type}`} role={urgent ? 'alert' : 'status'}>
      <p className="notice-title">{notice.title}</p>
      <p className="notice-body">
        {notice.body}
        {children}
      </p>
    </div>
  )
}
