import type { QueryClient } from '@tanstack/react-query'
import { errorMessage, isNetworkFailure } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { storeMessage } from './apply-message-event'
import { toMessage } from './message-model'
import { cachedMessage, changeWaits, isQueued, queueChange, queueReaction } from './action-queue'
import { reactionsKey, storeReaction, type Reaction } from './reactions-query'

export { editLast } from './edit-last'
export { queueSaving, sendQueuedActions, showQueued } from './action-queue'

// The calls behind the message menu. Each answer is applied at once; the realtime event that
// follows (and reaches the partner) changes nothing more, as rows match by id.

const stored = (row: unknown) => toMessage(row as Record<string, unknown>)

export async function editMessage(client: QueryClient, messageId: string, message: string) {
  return change(client, messageId, message)
}

export async function deleteMessage(client: QueryClient, messageId: string) {
  await change(client, messageId, null)
}

/**
 * An edit (new words) or a delete (null): stored at once, or, without a connection (or behind
 * one of this message's still waiting), shown and queued to go (action-queue.ts). A message
 * deleted meanwhile is not edited.
 */
async function change(client: QueryClient, messageId: string, words: string | null) {
  const m = cachedMessage(client, messageId)
  const title = words === null ? 'Not deleted' : 'Not edited'
  if (m?.deletedAt) {
    if (words !== null) notify({ title, body: 'This message was deleted.' })
    return words === null
  }
  if (m && changeWaits(m) && queueChange(client, m, words)) return true
  try {
    const call =
      words === null
        ? productApi.deleteMessage({ messageId })
        : productApi.editMessage({ messageId, message: words })
    storeMessage(client, stored(await call))
    return true
  } catch (err) {
    if (m && isNetworkFailure(err) && queueChange(client, m, words)) return true
    notify({ title, body: errorMessage(err) })
    return false
  }
}

/** The reactions offered at one tap: the message menu's first row and the picker's. */
export const QUICK_EMOJI = ['👍', '❤️', '😂', '😮', '😢', '🙏']

/** Sets the caller's reaction, or takes it back when it is already there. */
export async function toggleReaction(
  client: QueryClient,
  at: { roomId: string; messageId: string; meId: string },
  emoji: string,
) {
  const mine = (client.getQueryData<Reaction[]>(reactionsKey(at.roomId)) ?? []).some(
    (r) => r.messageId === at.messageId && r.userId === at.meId && r.emoji === emoji,
  )
  // One still waiting for the connection is taken back where it waits.
  if (isQueued(at, emoji) && queueReaction(client, at, emoji, !mine)) return
  try {
    const { on } = await productApi.react({ messageId: at.messageId, emoji, on: !mine })
    const r = { $id: '', messageId: at.messageId, roomId: at.roomId, userId: at.meId, emoji }
    storeReaction(client, r, on)
  } catch (err) {
    if (isNetworkFailure(err) && queueReaction(client, at, emoji, !mine)) return
    notify({ title: 'Reaction not saved', body: errorMessage(err) })
  }
}

/**
 * A message's text to the clipboard. On a phone the long press opens the message menu instead of
 * the browser's selection, so this is how text leaves a bubble there. The older copy command
 * serves where the Clipboard API is refused (an insecure origin, a denied permission).
 */
export async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    if (!copyWithCommand(text))
      return notify({ title: 'Not copied', body: 'This browser did not allow the copy.' })
  }
  notify({ type: 'success', title: 'Copied', body: 'The message text is on your clipboard.' })
}

function copyWithCommand(text: string) {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } finally {
    area.remove()
  }
}
