import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ClipboardEvent, type DragEvent } from 'react'
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

const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files')

/**
 * The composer's file to send (one at a time), chosen with the button, pasted or dropped. A file
 * over the limit or empty is refused here with a toast, before anything is uploaded.
 */
export function useFileStaging() {
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [dragging, setDragging] = useState(false)
  // Known before the first pick, the limit is checked in the pick's own event: a file whose check
  // waited on the network was staged after a quick Enter had already sent the text without it.
  useEffect(
    () => whenSettled(() => void queryClient.prefetchQuery(messageLimitsQuery)),
    [queryClient],
  )

  async function stage(picked: File | undefined) {
    if (!picked) return
    if (picked.size === 0)
      return notify({ title: FILE_TEXTS.emptyTitle, body: FILE_TEXTS.empty(picked.name) })
    // Unknown limit (the request failed): the bucket still refuses a file that is too large.
    // Asked once, even offline, where a query waits for the connection: the file is staged now.
    const limits =
      queryClient.getQueryData(messageLimitsQuery.queryKey) ??
      (await queryClient
        .fetchQuery({ ...messageLimitsQuery, networkMode: 'always', retry: false })
        .catch(() => null))
    if (limits && picked.size > limits.fileMaxBytes)
      return notify({
        title: FILE_TEXTS.tooLargeTitle,
        body: FILE_TEXTS.tooLarge(
          picked.name,
          formatFileSize(picked.size),
          formatFileSize(limits.fileMaxBytes),
        ),
      })
    setFile(picked)
  }

  const dropProps = {
    onDragOver: (e: DragEvent) => {
      if (!hasFiles(e)) return
      e.preventDefault()
      setDragging(true)
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false)
    },
    onDrop: (e: DragEvent) => {
      setDragging(false)
      if (!hasFiles(e)) return
      e.preventDefault()
      void stage(e.dataTransfer.files[0])
    },
  }

  /** A pasted file (e.g. a screenshot) is staged; pasted text stays normal typing. */
  const onPaste = (e: ClipboardEvent) => {
    const pasted = e.clipboardData.files[0]
    if (!pasted) return
    e.preventDefault()
    void stage(pasted)
  }

  return { file, stage, clear: () => setFile(null), dragging, dropProps, onPaste }
}
