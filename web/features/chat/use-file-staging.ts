import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ClipboardEvent } from 'react'
import { FILES_PER_PICK } from '../../../shared/constants'
import { FILE_TEXTS } from '../../../shared/texts'
import { notify } from '../../lib/notify'
import { whenSettled } from '../../lib/when-settled'
import { productApi } from '../../lib/product-api'
import { formatFileSize } from './attachment-format'

/** The server's file limit; it does not change while the Worker runs. */
export const messageLimitsQuery = queryOptions({
  queryKey: ['message-limits'],
  queryFn: () => productApi.messageLimits(),
  staleTime: Infinity,
})

const hasFiles = (e: DragEvent) => !!e.dataTransfer?.types.includes('Files')

/**
 * The composer's files to send, chosen with the button, pasted or dropped: each goes as a message
 * of its own, FILES_PER_PICK at most at once. A file over the limit or empty is refused here with
 * a toast, before anything is uploaded; the others are staged after those already there.
 */
export function useFileStaging() {
  const queryClient = useQueryClient()
  const [files, setShown] = useState<readonly File[]>([])
  // What is staged now, for a stage that awaited the limit meanwhile.
  const staged = useRef<readonly File[]>([])
  const setFiles = (next: readonly File[]) => setShown((staged.current = next))
  const [dragging, setDragging] = useState(false)
  // Known before the first pick, the limit is checked in the pick's own event: a file whose check
  // waited on the network was staged after a quick Enter had already sent the text without it.
  useEffect(
    () => whenSettled(() => void queryClient.prefetchQuery(messageLimitsQuery)),
    [queryClient],
  )

  // Files dropped anywhere on the page while the room is open are the composer's, as in other
  // messengers: on the message list too, where the browser would open the file in the app's place.
  const stageRef = useRef(stage)
  stageRef.current = stage
  useEffect(() => {
    const types = ['dragover', 'dragleave', 'drop']
    const on = (e: DragEvent) => {
      // Left the window (or the drag was given up): no element of it is entered.
      if (e.type === 'dragleave') return void (e.relatedTarget || setDragging(false))
      const dropped = e.type === 'drop'
      setDragging(!dropped && hasFiles(e))
      if (!hasFiles(e) || e.defaultPrevented) return
      e.preventDefault()
      if (dropped) void stageRef.current(e.dataTransfer!.files)
    }
    for (const type of types) document.addEventListener(type, on as EventListener)
    return () => types.forEach((type) => document.removeEventListener(type, on as EventListener))
  }, [])

  async function stage(picked: ArrayLike<File>) {
    // A copy now: a drop's or a paste's list empties once its event is over.
    const list = Array.from(picked)
    if (!list.length) return
    // Unknown limit (the request failed): the bucket still refuses a file that is too large.
    // Asked once, outside the query: offline its prefetch waits for the connection, and a pick
    // that joined it was staged only once the connection was back (the file is staged now).
    const limits =
      queryClient.getQueryData(messageLimitsQuery.queryKey) ??
      (await productApi.messageLimits().then(
        (known) => queryClient.setQueryData(messageLimitsQuery.queryKey, known),
        () => null,
      ))
    // Checked here, not in a chunk to fetch: a pick just before Enter goes with the text.
    const fine = list.filter((file) => {
      if (file.size === 0)
        notify({ title: FILE_TEXTS.emptyTitle, body: FILE_TEXTS.empty(file.name) })
      else if (limits && file.size > limits.fileMaxBytes)
        notify({
          title: FILE_TEXTS.tooLargeTitle,
          body: FILE_TEXTS.tooLarge(
            file.name,
            formatFileSize(file.size),
            formatFileSize(limits.fileMaxBytes),
          ),
        })
      else return true
      return false
    })
    const all = [...staged.current, ...fine]
    if (all.length > FILES_PER_PICK)
      notify({ title: FILE_TEXTS.tooManyTitle, body: FILE_TEXTS.tooMany(FILES_PER_PICK) })
    setFiles(all.slice(0, FILES_PER_PICK))
  }

  /** Pasted files (e.g. a screenshot) are staged; pasted text stays normal typing. */
  const onPaste = (e: ClipboardEvent) => {
    const pasted = e.clipboardData.files
    if (!pasted.length) return
    e.preventDefault()
    void stage(pasted)
  }

  return {
    files,
    stage,
    remove: (file: File) => setFiles(staged.current.filter((f) => f !== file)),
    clear: () => setFiles([]),
    dragging,
    onPaste,
  }
}
