import { describe, expect, it } from 'vitest'
import { reportsInOrder } from '../../web/features/presence/in-order'

// A tab's presence reports reach the server in the order they were made (use-presence.ts): a
// heartbeat still on its way when the tab is hidden is answered before "away" is sent.
describe('reportsInOrder', () => {
  it('sends a report only once the one before is answered, reading its state then', async () => {
    const inOrder = reportsInOrder()
    const sent: string[] = []
    let answerBeat = () => {}
    let hidden = false
    const beat = inOrder(() => {
      sent.push(hidden ? 'beat away' : 'beat online')
      return new Promise<string>((r) => (answerBeat = () => r('beat answered')))
    })
    await new Promise((r) => setTimeout(r, 0))
    // The tab is hidden while the heartbeat is on its way; its "away" report waits its turn.
    hidden = true
    const away = inOrder(async () => {
      sent.push('away')
      return 'away answered'
    })
    const later = inOrder(async () => {
      sent.push(hidden ? 'beat away' : 'beat online')
      return 'later answered'
    })
    await new Promise((r) => setTimeout(r, 10))
    expect(sent).toEqual(['beat online'])
    answerBeat()
    expect(await beat).toBe('beat answered')
    expect(await away).toBe('away answered')
    expect(await later).toBe('later answered')
    expect(sent).toEqual(['beat online', 'away', 'beat away'])
  })

  it('goes on after a report that failed, and hands the failure to its own caller only', async () => {
    const inOrder = reportsInOrder()
    const failed = inOrder(() => Promise.reject(new Error('offline')))
    const next = inOrder(async () => 'sent')
    await expect(failed).rejects.toThrow('offline')
    expect(await next).toBe('sent')
  })
})
