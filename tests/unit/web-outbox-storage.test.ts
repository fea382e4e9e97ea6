import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addPending, isResent, outbox, setPendingState } from '../../web/features/chat/outbox'
import { openOutbox, showOtherTab } from '../../web/features/chat/outbox-storage'
import { installMemoryStorage, outboxKeys, storedOutbox } from './helpers/memory-storage'
import { pending } from './helpers/message'

// Each tab keeps its unsent messages under a key of its own. With one shared list, two tabs
// saving at once (both sending as the browser came back online) each wrote the list as they last
// read it, and the later write dropped what the other had just kept or sent.
describe('the outbox in storage', () => {
  const tick = () => new Promise((r) => setTimeout(r, 0))
  const ids = () => storedOutbox('ada').map((i) => i.clientId)
  /** A list another tab of Ada's wrote under its own key. */
  const otherTab = (key: string, ...clientIds: string[]) =>
    localStorage.setItem(
      `kathelia-outbox:ada:${key}`,
      JSON.stringify(clientIds.map((id) => pending(id, { state: 'failed' }))),
    )
  let uninstall = () => {}
  let close = () => {}
  beforeEach(() => void (uninstall = installMemoryStorage()))
  afterEach(() => {
    close()
    uninstall()
  })

  it("never writes another tab's list: what that tab keeps or removes stays its own", async () => {
    close = openOutbox('ada')
    otherTab('tab-2', 'theirs')
    const theirs = localStorage.getItem('kathelia-outbox:ada:tab-2')
    addPending(pending('mine'))
    await tick()
    expect(localStorage.getItem('kathelia-outbox:ada:tab-2')).toBe(theirs)
    expect(outboxKeys('ada')).toHaveLength(2)
    // The other tab sent its message and removed its list: this tab's save does not bring it back.
    localStorage.removeItem('kathelia-outbox:ada:tab-2')
    setPendingState('mine', 'failed')
    await tick()
    expect(ids()).toEqual(['mine'])
    setPendingState('mine', 'sent')
    await tick()
    expect(outboxKeys('ada')).toEqual([])
  })

  it('adopts the lists left by earlier visits (and the one key of before) as not sent', async () => {
    otherTab('closed-tab', 'a', 'b')
    localStorage.setItem(
      'kathelia-outbox:ada',
      JSON.stringify([pending('b'), pending('c', { state: 'failed' })]),
    )
    // Another user's list on this browser is not Ada's to send.
    localStorage.setItem('kathelia-outbox:adam:x', JSON.stringify([pending('z')]))
    close = openOutbox('ada')
    expect(outbox.items.map((i) => [i.clientId, i.state])).toEqual([
      ['a', 'failed'],
      ['b', 'failed'],
      ['c', 'failed'],
    ])
    expect(isResent('a')).toBe(true)
    // Now in one list of this tab's; the lists it came from are gone.
    expect(outboxKeys('ada')).toHaveLength(1)
    expect(ids()).toEqual(['a', 'b', 'c'])
    expect(localStorage.getItem('kathelia-outbox:adam:x')).not.toBeNull()
    await tick()
  })

  it('keeps the adopted lists when its own cannot be written', () => {
    otherTab('closed-tab', 'a')
    const setItem = localStorage.setItem
    Object.getPrototypeOf(localStorage).setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    try {
      close = openOutbox('ada')
    } finally {
      Object.getPrototypeOf(localStorage).setItem = setItem
    }
    expect(outbox.items.map((i) => i.clientId)).toEqual(['a'])
    expect(localStorage.getItem('kathelia-outbox:ada:closed-tab')).not.toBeNull()
  })

  it("shows another open tab's unsent messages as they are there, and lets them go when they leave its list", async () => {
    close = openOutbox('ada')
    addPending(pending('mine', { state: 'failed' }))
    await tick()
    const tab2 = 'kathelia-outbox:ada:tab-2'
    const list = (...items: [string, 'sending' | 'failed'][]) =>
      JSON.stringify(items.map(([id, state]) => pending(id, { state })))
    const shown = () => outbox.items.map((i) => [i.clientId, i.state, i.elsewhere ?? null])
    showOtherTab('ada', tab2, list(['theirs', 'sending']))
    // The same message listed again, one of this tab's own, and one written there offline.
    showOtherTab('ada', tab2, list(['theirs', 'sending'], ['mine', 'failed'], ['later', 'failed']))
    // Another user's tab, or a key that is not an outbox's: nothing.
    showOtherTab('ada', 'kathelia-outbox:adam:tab-3', list(['not-hers', 'failed']))
    showOtherTab('ada', 'kathelia-actions:ada', list(['not-a-message', 'failed']))
    expect(shown()).toEqual([
      ['mine', 'failed', null],
      ['theirs', 'sending', tab2],
      ['later', 'failed', tab2],
    ])
    // Written there offline, it answers nothing new here; one being sent there is as one's own.
    expect(isResent('later')).toBe(true)
    expect(isResent('theirs')).toBe(false)
    await tick()
    expect(ids()).toEqual(['mine'])
    // That tab lost its connection, then sent one: the other stays, as it is there now.
    showOtherTab('ada', tab2, list(['theirs', 'failed']))
    expect(shown()).toEqual([
      ['mine', 'failed', null],
      ['theirs', 'failed', tab2],
    ])
    // Its list is gone (all sent): so are its messages here.
    showOtherTab('ada', tab2, null)
    expect(shown()).toEqual([['mine', 'failed', null]])
    // This tab's own list's event (another tab cannot write it) is not another tab's.
    const own = outboxKeys('ada')[0]!
    showOtherTab('ada', own, list(['echo', 'failed']))
    expect(outbox.items.some((i) => i.clientId === 'echo')).toBe(false)
  })

  it("follows a closed tab's message to the tab that took its list, and keeps showing it", () => {
    close = openOutbox('ada')
    const [tab2, tab3] = ['tab-2', 'tab-3'].map((k) => `kathelia-outbox:ada:${k}`)
    const list = (id: string, state: 'sending' | 'failed') =>
      JSON.stringify([pending(id, { state })])
    const shown = () => outbox.items.map((i) => [i.clientId, i.state, i.elsewhere ?? null])
    showOtherTab('ada', tab2, list('cut-off', 'sending'))
    // Tab two closed; tab three took its list and sends it, then tab two's list goes.
    showOtherTab('ada', tab3, list('cut-off', 'sending'))
    showOtherTab('ada', tab2, null)
    expect(shown()).toEqual([['cut-off', 'sending', tab3]])
  })
})
