import { beforeEach, describe, expect, it, vi } from 'vitest'

// The global state persists itself to localStorage: a Map stands in for it in Node.
const stored = new Map<string, string>()
vi.stubGlobal('localStorage', {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
  removeItem: (k: string) => void stored.delete(k),
})
const { followRename } = await import('../../web/features/presence/follow-rename')
const { globalState } = await import('../../web/state/global-state')

describe('followRename', () => {
  beforeEach(() => {
    globalState.account = { $id: 'a', name: 'Ada', email: 'ada@kathelia.test' } as never
    globalState.chatee = { $id: 'b', name: 'Ben', email: 'ben@kathelia.test', list: 'special' }
  })

  it("takes the partner's new name from their status row", () => {
    followRename('chatee', 'Benjamin')
    expect(globalState.chatee?.name).toBe('Benjamin')
    expect(globalState.account?.name).toBe('Ada')
  })

  it('takes its own new name, renamed in another tab', () => {
    followRename('self', 'Ada King')
    expect(globalState.account?.name).toBe('Ada King')
  })

  it('ignores a row without a name (written before names were stamped)', () => {
    followRename('chatee', null)
    followRename('chatee', '')
    expect(globalState.chatee?.name).toBe('Ben')
  })
})
