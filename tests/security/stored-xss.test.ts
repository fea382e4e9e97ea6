import { noReceipts } from '../../shared/receipts'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUCKET_ID, DATABASE_ID } from '../../shared/db-ids'
import { roomPaint } from '../../worker/first-paint/room-paint'
import { withFirstLoad, FIRST_LOAD_ID, type FirstLoad } from '../../worker/services/first-load-html'
import { callWith, service } from './configured'
import { call, KEY } from './edge'
import { user, type User } from './idor-world'

// Stored XSS: script payloads in a name, a message, a file name and a link preview are stored
// and served as data: JSON with its content type, files never inline as HTML or SVG, preview
// text as plain strings, and the first-load HTML never closes its data script early. That the
// rendered room runs none of them is proven in Chromium (tests/e2e/stored-xss.e2e.test.ts).
const PAYLOAD = `<img src=x onerror=alert(1)><script>alert(2)</script></script><!--"'\u2028`
const NAME = `Ben<svg onload=alert(3)>`.slice(0, 64)
let ben: User
beforeAll(async () => {
  ben = await user('ben@kathelia.test', 'ben')
})

const json = async (res: Response) => {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  return res.json() as Promise<Record<string, unknown>>
}

describe('stored script payloads come back as data', () => {
  it('a display name', async () => {
    const res = await call('/v1/account/name', {
      method: 'PATCH',
      headers: { cookie: ben.cookie },
      json: { name: NAME },
    })
    expect((await json(res)).name).toBe(NAME)
    const info = await call('/api/user/info', {
      headers: { authorization: `Bearer ${ben.jwt}` },
      json: { userId: ben.userId },
    })
    expect((await json(info)).name).toBe(NAME)
  })

  it('a message', async () => {
    const sent = await call('/api/message/add', {
      headers: { authorization: `Bearer ${ben.jwt}` },
      json: { roomId: 'home', message: PAYLOAD },
    })
    const row = await json(sent)
    expect(row.message).toBe(PAYLOAD.trim())
    const read = await call(`/v1/tablesdb/${DATABASE_ID}/tables/messages/rows/${row.$id}`, {
      headers: { cookie: ben.cookie },
    })
    expect((await json(read)).message).toBe(PAYLOAD.trim())
  })

  it('a file name, served as an attachment and never as HTML or SVG', async () => {
    const form = new FormData()
    const name = `"><script>alert(4)</script>;x=1.svg`
    form.set('fileId', 'unique()')
    form.set(
      'file',
      new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(5)"/>'], name, {
        type: 'image/svg+xml',
      }),
    )
    form.append('permissions[]', 'read("team:user")')
    const up = await call(`/v1/storage/buckets/${BUCKET_ID}/files`, {
      headers: { cookie: ben.cookie },
      body: form,
    })
    expect(up.status, await up.clone().text()).toBe(201)
    const file = await json(up)
    for (const path of ['view', 'download']) {
      const res = await call(`/v1/storage/buckets/${BUCKET_ID}/files/${file.$id}/${path}`, {
        headers: KEY,
      })
      expect(res.status).toBe(200)
      // An SVG keeps its type but is only ever a download, sandboxed and never sniffed.
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      const disposition = res.headers.get('content-disposition') ?? ''
      expect(disposition).toMatch(/^attachment/)
      expect(disposition).not.toMatch(/[\r\n]/)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(res.headers.get('content-security-policy')).toMatch(/sandbox/)
    }
  })

  it('a link preview: plain strings, no javascript: image', async () => {
    const site = service('siteUrl')
    const res = await callWith(
      { LINK_PREVIEWS: 'on', LINK_PREVIEW_TEST_ORIGINS: site },
      '/api/link/preview',
      {
        headers: { authorization: `Bearer ${ben.jwt}` },
        json: { url: `${site}/xss` },
      },
    )
    const preview = await json(res)
    expect(preview.image).toBeNull()
    expect(preview.title).toBe(`<script>alert('title')</script><b>bold</b>`)
    expect(typeof preview.description).toBe('string')
    expect(JSON.stringify(preview)).not.toContain("alert('body')")
  })

  it('the first-load HTML keeps every payload inside its JSON data script', async () => {
    const page = new Response(
      '<!doctype html><html><head><title>K</title></head><body><div id="root"></div></body></html>',
      { headers: { 'content-type': 'text/html' } },
    )
    const data = {
      account: { $id: 'u', name: PAYLOAD, email: 'e', emailVerification: true },
      jwt: 'j',
      flags: {},
      chatee: { $id: 'c', name: NAME, email: 'f' },
      status: null,
      chateeStatus: null,
      sharing: null,
      rooms: [{ $id: 'r', name: PAYLOAD, color: '#fff', isDeleted: false }],
      roomId: 'home',
      rows: [{ message: PAYLOAD, fileName: '</script><script>alert(6)</script>' }],
      receipts: noReceipts(),
    } satisfies FirstLoad
    const html = await withFirstLoad(page, data, null).text()
    const open = html.indexOf(`<script type="application/json" id="${FIRST_LOAD_ID}">`)
    const body = html
      .slice(open)
      .split('</script>')[0]!
      .replace(/^<script[^>]*>/, '')
    // Only the one data script and its closing tag; nothing of the payload outside it.
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(body).not.toMatch(/<|\u2028/)
    expect(JSON.parse(body)).toEqual(data)
  })
  it('the first paint draws every payload as text', async () => {
    const ROOM_ID = 'r" onmouseover="alert(8)</script><script>alert(11)</script>'
    const row = (seq: number, extra: Record<string, unknown>) => ({
      $id: `m${seq}"><script>alert(7)</script>`,
      $createdAt: new Date(Date.UTC(2026, 10, 25, 12, seq)).toISOString(),
      senderId: seq % 2 ? 'u' : 'c',
      kind: 'user',
      seq,
      message: PAYLOAD,
      ...extra,
    })
    const paint = roomPaint({
      meId: 'u',
      roomId: ROOM_ID,
      room: { name: NAME, color: 'red;background-image:url(https://evil.test/)' },
      // The sidebar's rooms: this one, and one whose every field is a payload.
      rooms: [
        {
          $id: ROOM_ID,
          name: NAME,
          color: 'red;background-image:url(https://evil.test/)',
          isDeleted: false,
        },
        {
          $id: `x"><script>alert(12)</script>`,
          name: PAYLOAD,
          color: 'url(https://evil.test/)',
          isDeleted: false,
        },
      ],
      rows: [
        row(1, {}),
        row(2, { message: `see https://a.test/"><script>alert(9)</script>` }),
        row(3, { fileId: 'f', fileName: '</textarea><script>alert(10)</script>' }),
        row(4, { kind: 'system', message: NAME }),
      ],
      receipts: noReceipts(),
      // A reaction whose emoji and reader are payloads, under the first message.
      reactions: [
        {
          $id: 'x',
          messageId: `m1"><script>alert(7)</script>`,
          roomId: ROOM_ID,
          userId: `u"><script>alert(14)</script>`,
          emoji: PAYLOAD,
        },
      ],
      zone: 'UTC',
      // The top bar's names, and a list that is no list's name (it picks the avatar's image).
      me: { name: PAYLOAD, list: `x"><script>alert(13)</script>` },
      chatee: { name: NAME, list: 'admin' },
      chateePresence: 'online',
    })
    const tags = new Set<string>()
    const attributes = new Set<string>()
    const texts: string[] = []
    const scripts: string[] = []
    await new HTMLRewriter()
      .on('script', {
        element: () => void scripts.push(''),
        text(t) {
          scripts[scripts.length - 1] += t.text
        },
      })
      .on('*', {
        element(el) {
          tags.add(el.tagName)
          for (const [name] of el.attributes) attributes.add(name)
        },
        text(t) {
          texts.push(t.text)
        },
      })
      .transform(new Response(paint))
      .text()
    // Only the shell's and the rows' own elements and attributes: no image or handler, and two
    // scripts, the unread line's and the drawn composer's, where the room id is a string and
    // nothing more.
    expect([...tags].sort()).toEqual(
      [
        'a',
        'aside',
        'button',
        'div',
        'footer',
        'form',
        'h1',
        'h2',
        'header',
        'input',
        'li',
        'main',
        'nav',
      ]
        .concat(['p', 'path', 'script', 'section', 'span', 'svg', 'textarea', 'time', 'ul'])
        .sort(),
    )
    const asString = (v: string) => JSON.stringify(v).replace(/</g, '\\u003c')
    expect(scripts).toHaveLength(2)
    expect(scripts[0]).toContain(`)[${asString(ROOM_ID)}]`)
    expect(scripts[1]).toContain(`localStorage.getItem(${asString(`kathelia-draft:u:${ROOM_ID}`)})`)
    for (const script of scripts) expect(script).not.toContain('<')
    expect([...attributes].filter((a) => a.startsWith('on'))).toEqual([])
    expect(paint).not.toContain('evil.test')
    const shown = texts.join('')
    expect(shown).toContain(
      '&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;',
    )
    expect(shown).toContain('&lt;/textarea&gt;&lt;script&gt;alert(10)&lt;/script&gt;')
    expect(shown).toContain('Ben&lt;svg onload=alert(3)&gt;')
    expect(paint).toContain('<span class="chatee-name">Ben&lt;svg onload=alert(3)&gt;</span>')
    expect(paint).not.toContain('alert(13)')
  })
})
