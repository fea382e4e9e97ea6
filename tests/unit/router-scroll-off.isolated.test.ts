import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'
import { describe, expect, it, vi } from 'vitest'
import { routerScrollOff } from '../../scripts/router-scroll-plugin'
import { setupScrollRestoration } from '../../web/lib/router-scroll-off'

// The client build's stand-in for TanStack Router's scroll restoration: put in for router-core's
// own imports only, refused when those change, and doing what the module does with it off.
const esm = join(
  createRequire(import.meta.url)
    .resolve('@tanstack/router-core')
    .split('dist')[0]!,
  'dist',
  'esm',
)
const resolve = (id: string, importer?: string) =>
  (routerScrollOff().resolveId as (id: string, importer?: string) => string | undefined)(
    id,
    importer,
  )

describe('the router scroll plugin', () => {
  it("stands in for router-core's own scroll restoration, nothing else", () => {
    expect(routerScrollOff() satisfies Plugin).toMatchObject({ apply: 'build', enforce: 'pre' })
    for (const file of ['router.js', 'index.js'])
      expect(resolve('./scroll-restoration.js', join(esm, file))).toMatch(/router-scroll-off\.ts$/)
    expect(resolve('./scroll-restoration.js', join(esm, 'utils.js'))).toBeUndefined()
    expect(resolve('./router.js', join(esm, 'index.js'))).toBeUndefined()
  })

  it('fails the build when router-core imports another name from it (an upgrade)', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rc-')), '@tanstack/router-core/dist/esm')
    mkdirSync(dir, { recursive: true })
    const router = join(dir, 'router.js')
    const real = readFileSync(join(esm, 'router.js'), 'utf8')
    writeFileSync(
      router,
      real.replace('{ setupScrollRestoration }', '{ setupScrollRestoration, restoreScroll }'),
    )
    expect(() => resolve('./scroll-restoration.js', router)).toThrow(/changed/)
  })
})

describe('scroll restoration, off', () => {
  const setup = () => {
    const scrollTo = vi.fn()
    const target = { scrollIntoView: vi.fn() }
    vi.stubGlobal('scrollTo', scrollTo)
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'a' ? target : null) })
    let onRendered: (e: { toLocation: { hash: string; state: object } }) => void = () => {}
    const router = {
      _scroll: { n: true } as { n?: boolean; h?: boolean; r?: boolean },
      options: {},
      subscribe: vi.fn((_: string, fn: typeof onRendered) => ((onRendered = fn), () => {})),
    }
    setupScrollRestoration(router)
    setupScrollRestoration(router)
    const render = (hash = '', state = {}) => onRendered({ toLocation: { hash, state } })
    return { scrollTo, target, router, render }
  }

  it('listens once, and a navigation puts the window at its top', () => {
    const { scrollTo, router, render } = setup()
    expect(router.subscribe).toHaveBeenCalledTimes(1)
    render()
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: undefined })
  })

  it('leaves the window where it is when the navigation asked (resetScroll: false)', () => {
    const { scrollTo, router, render } = setup()
    router._scroll.n = false
    render()
    expect(scrollTo).not.toHaveBeenCalled()
    expect(router._scroll.n).toBe(true)
  })

  it("goes to the hash's element instead", () => {
    const { scrollTo, target, render } = setup()
    render('a')
    expect(target.scrollIntoView).toHaveBeenCalledWith(true)
    render('a', { __hashScrollIntoViewOptions: false })
    expect(target.scrollIntoView).toHaveBeenCalledTimes(1)
    expect(scrollTo).not.toHaveBeenCalled()
  })
})
