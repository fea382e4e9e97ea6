import { createElement, Suspense } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { HOME_ROOM_ID } from '../../shared/constants'
import { roomIdOf } from '../../web/features/chat/room-path'
import { preloadable } from '../../web/lib/preloadable'

const Hello = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`)
const inSuspense = (child: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(Suspense, { fallback: 'loading' }, child))

describe('preloadable', () => {
  it('suspends while its chunk is not here yet', () => {
    const Part = preloadable(() => new Promise<{ default: typeof Hello }>(() => undefined))
    expect(inSuspense(createElement(Part, { name: 'Ada' }))).toBe('loading')
  })

  it('renders at once, without a fallback, once preloaded', async () => {
    let loads = 0
    const Part = preloadable(async () => {
      loads++
      return { default: Hello }
    })
    await Promise.all([Part.preload(), Part.preload()])
    expect(inSuspense(createElement(Part, { name: 'Ada' }))).toBe('<p>Hello Ada</p>')
    expect(loads).toBe(1)
  })

  it('tries the chunk again after a failed load', async () => {
    let fail = true
    const Part = preloadable(async () => {
      if (fail) throw new Error('offline')
      return { default: Hello }
    })
    await expect(Part.preload()).rejects.toThrow('offline')
    fail = false
    await Part.preload()
    expect(inSuspense(createElement(Part, { name: 'Ben' }))).toBe('<p>Hello Ben</p>')
  })

  it('shows the failure of a fetch its render asked for, where fetching again looped', async () => {
    let loads = 0
    const Part = preloadable(async (): Promise<{ default: typeof Hello }> => {
      loads++
      throw new Error('gone')
    })
    expect(inSuspense(createElement(Part, { name: 'Ada' }))).toBe('loading')
    await new Promise((r) => setTimeout(r))
    // Rendered again (as React does once the chunk has settled): the error, for its boundary.
    expect(() => renderToStaticMarkup(createElement(Part, { name: 'Ada' }))).toThrow('gone')
    expect(loads).toBe(1)
    // A preload (a later settle, a hover) asks again.
    await expect(Part.preload()).rejects.toThrow('gone')
    expect(loads).toBe(2)
  })

  it('a quiet one renders nothing after its fetch failed, and its chunk once a preload brings it', async () => {
    let fail = true
    let loads = 0
    const Part = preloadable(async () => {
      loads++
      if (fail) throw new Error('gone')
      return { default: Hello }
    }, true)
    expect(inSuspense(createElement(Part, { name: 'Ada' }))).toBe('loading')
    await new Promise((r) => setTimeout(r))
    // Rendered again: nothing, no error for the route's boundary, and no fetch per render.
    expect(renderToStaticMarkup(createElement(Part, { name: 'Ada' }))).toBe('')
    expect(renderToStaticMarkup(createElement(Part, { name: 'Ada' }))).toBe('')
    expect(loads).toBe(1)
    fail = false
    await Part.preload()
    expect(inSuspense(createElement(Part, { name: 'Ada' }))).toBe('<p>Hello Ada</p>')
    expect(loads).toBe(2)
  })

  it('a quiet one with a stand-in renders that, with its props, after its fetch failed', async () => {
    const Box = ({ name }: { name: string }) => createElement('span', null, `Box of ${name}`)
    const Part = preloadable(async (): Promise<{ default: typeof Hello }> => {
      throw new Error('gone')
    }, Box)
    expect(inSuspense(createElement(Part, { name: 'Ada' }))).toBe('loading')
    await new Promise((r) => setTimeout(r))
    expect(renderToStaticMarkup(createElement(Part, { name: 'Ada' }))).toBe(
      '<span>Box of Ada</span>',
    )
  })

  it("asks again at its render after a preload's failure", async () => {
    let fail = true
    let loads = 0
    const Part = preloadable(async () => {
      loads++
      if (fail) throw new Error('offline')
      return { default: Hello }
    })
    await expect(Part.preload()).rejects.toThrow('offline')
    fail = false
    expect(inSuspense(createElement(Part, { name: 'Ben' }))).toBe('loading')
    expect(loads).toBe(2)
  })
})

describe('roomIdOf', () => {
  it('names the room a chat address shows', () => {
    expect(roomIdOf('/')).toBe(HOME_ROOM_ID)
    expect(roomIdOf('/rooms/garden-1')).toBe('garden-1')
    expect(roomIdOf('/rooms/a%20b/')).toBe('a b')
  })

  it('is null for the pages without a chat', () => {
    for (const path of ['/settings', '/bookmarks', '/rooms', '/rooms/x/y', '/404'])
      expect(roomIdOf(path)).toBeNull()
  })
})
