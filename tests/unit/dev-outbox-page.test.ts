import { describe, expect, it } from 'vitest'
import { outboxPage } from '../../worker/routes/dev-outbox-page'

describe('the dev outbox page', () => {
  const mail = {
    to: 'ben@kathelia.test',
    subject: 'Verify <your> account',
    text: 'Open https://kathelia.test/?userId=u1&secret=s2&expire=x to verify.\n<script>alert(1)</script>',
    html: '',
    sentAt: '2026-11-27T15:00:00.000+00:00',
  }

  it('escapes what a mail holds and makes its web addresses links', () => {
    const page = outboxPage([mail])
    expect(page).toContain('<h2>Verify &lt;your&gt; account</h2>')
    expect(page).toContain('<a href="https://kathelia.test/?userId=u1&amp;secret=s2&amp;expire=x">')
    expect(page).not.toContain('<script>alert(1)')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('says when there is no mail yet', () => {
    expect(outboxPage([])).toContain('No mail yet.')
  })
})
