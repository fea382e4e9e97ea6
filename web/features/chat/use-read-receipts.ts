import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, type RefObject } from 'react'
import { markRead } from './read-state'
import { receiptsKey, sendReadPosition } from './receipts-query'
import type { Receipts } from '../../../shared/receipts'
import { recountUnread } from './unread-query'

const THROTTLE_MS = 1_500

/**
 * The read position is the partner's newest message actually seen: at least half of it inside
 * the scroll box (IntersectionObserver) while the tab is visible. It moves the local read mark
 * at once and reaches the server at most every 1.5 s (the last position of a burst is never
 * dropped). The room's badge counts down with it.
 */
export function useReadReceipts(
  ref: RefObject<HTMLElement | null>,
  roomId: string,
  meId: string,
  rowsKey: string,
  /** The list is rendered (not its spinner): the scroll box exists. */
  ready: boolean,
) {
  const queryClient = useQueryClient()
  const visible = useRef(new Set<number>())
  const observer = useRef<IntersectionObserver | null>(null)
  const observed = useRef(new Set<Element>())
  const flush = useRef<() => void>(() => undefined)

  useEffect(() => {
    const root = ref.current
    if (!root || !meId || !ready) return
    visible.current = new Set()
    let timer: ReturnType<typeof setTimeout> | undefined
    let lastSent = 0
    let target = 0
    let recounted = -1
    const serverSeq = () => queryClient.getQueryData<Receipts>(receiptsKey(meId))?.own[roomId] ?? -1
    const send = () => {
      timer = undefined
      lastSent = Date.now()
      const seq = target
      if (seq <= serverSeq()) return
      sendReadPosition(queryClient, meId, roomId, seq).catch(() => {
        // Not sent (offline): the next visible row or visibility change tries again, which it
        // would skip while the target still said this seq was on its way.
        if (target === seq) target = Math.max(0, serverSeq())
      })
    }
    const update = () => {
      if (document.visibilityState !== 'visible' || !visible.current.size) return
      const seq = Math.max(...visible.current)
      markRead(roomId, seq)
      if (seq > recounted) recountUnread(queryClient, roomId, meId, (recounted = seq))
      if (seq <= Math.max(target, serverSeq())) return
      target = seq
      if (timer) return
      const wait = lastSent + THROTTLE_MS - Date.now()
      if (wait <= 0) send()
      else timer = setTimeout(send, wait)
    }
    flush.current = update
    observer.current = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const seq = Number((entry.target as HTMLElement).dataset.seq)
          const seen =
            entry.intersectionRatio >= 0.5 ||
            entry.intersectionRect.height >= entry.rootBounds!.height / 2
          if (seen && entry.isIntersecting) visible.current.add(seq)
          else visible.current.delete(seq)
        }
        update()
      },
      { root, threshold: [0, 0.5, 1] },
    )
    document.addEventListener('visibilitychange', update)
    return () => {
      document.removeEventListener('visibilitychange', update)
      observer.current?.disconnect()
      observer.current = null
      if (timer) {
        clearTimeout(timer)
        send()
      }
    }
  }, [ref, roomId, meId, queryClient, ready])

  // New rows (a page, a live message) are observed as they render.
  useEffect(() => {
    const root = ref.current
    if (!root || !observer.current) return
    // The partner's messages only: reading past one's own or a system notice reads nothing
    // new, and must not move the time the partner's "Seen" shows.
    const rows = root.querySelectorAll<HTMLElement>('.msg.theirs[data-seq]')
    for (const el of rows) observer.current.observe(el)
    // Rows the list's window let go: an observer keeps its targets, so a long scroll kept them all.
    for (const el of observed.current) if (!el.isConnected) observer.current.unobserve(el)
    observed.current = new Set(rows)
    flush.current()
  }, [ref, rowsKey, ready])
}
