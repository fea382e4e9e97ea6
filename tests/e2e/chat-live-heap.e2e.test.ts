import type { CDPSession } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { HOME_ROOM_ID } from '../../shared/constants'
import { postMessagesAs } from './helpers/chat-view'
import { messageInLog, useOnboardedPair } from './helpers/pair'

// A room open through a stream of live messages keeps each message once: the soak's tabs grew
// by about 150 KB a message (every live message copied the whole log, and old copies stayed
// reachable), until the room slowed to a crawl.
const pair = useOnboardedPair()
let cdp: CDPSession

beforeAll(async () => {
  const { page } = pair.ada
  await page.getByRole('textbox', { name: 'Message' }).waitFor()
  cdp = await page.context().newCDPSession(page)
})

const post = async (tag: string, count: number) => {
  const texts = Array.from({ length: count }, (_, i) => `${tag}-${i}!`)
  await postMessagesAs(pair.ben.page, pair.server.url, HOME_ROOM_ID, texts)
  await messageInLog(pair.ada.page, texts.at(-1)!).waitFor({ timeout: 60_000 })
}

/** The tab's JS heap in KB after a full collection. */
async function heapKb() {
  await cdp.send('HeapProfiler.collectGarbage')
  return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1024
}

/** How many objects in Ada's tab are a copy of the message row with this text. */
async function copiesOf(text: string) {
  const proto = await cdp.send('Runtime.evaluate', { expression: 'Object.prototype' })
  const { objects } = await cdp.send('Runtime.queryObjects', {
    prototypeObjectId: proto.result.objectId!,
  })
  const { result, exceptionDetails } = await cdp.send('Runtime.callFunctionOn', {
    objectId: objects.objectId!,
    functionDeclaration: `function (text) {
      let n = 0
      for (const o of this) {
        try {
          if (o.message === text && typeof o.seq === 'number') n++
        } catch {}
      }
      return n
    }`,
    arguments: [{ value: text }],
    returnByValue: true,
  })
  await cdp.send('Runtime.releaseObject', { objectId: objects.objectId! })
  if (exceptionDetails) throw new Error(exceptionDetails.text)
  return result.value as number
}

describe('a long stream of live messages', () => {
  it('keeps each message once and grows the heap by the rows only', async () => {
    await post('warm', 50)
    const before = await heapKb()
    await post('live', 300)
    const after = await heapKb()
    const perMessage = (after - before) / 300
    const copies = await copiesOf('warm-0!')
    console.log(
      `heap ${before.toFixed(0)} -> ${after.toFixed(0)} KB: ${perMessage.toFixed(1)} KB a message; warm-0 held ${copies} times`,
    )
    expect(copies).toBeLessThanOrEqual(2)
    expect(perMessage).toBeLessThan(60)
  }, 240_000)
})
