import { Hono } from 'hono'
import { getConfig } from '../config'
import { ApiError } from '../lib/api-error'
import { backendStub } from '../appwrite-edge/stub'
import { outboxPage } from './dev-outbox-page'

// Development helpers; they do not exist in production or with real Appwrite.
const dev = new Hono<{ Bindings: Env }>()
  .use('*', async (c, next) => {
    const config = getConfig(c.env)
    if (
      config.APP_ENV !== 'development' ||
      config.backend !== 'embedded' ||
      config.MAIL_TRANSPORT !== 'outbox'
    )
      throw new ApiError(404, `No route for ${c.req.method} ${new URL(c.req.url).pathname}`)
    await next()
  })
  // The mails the embedded backend "sent", newest first: a page for a browser, else JSON.
  .get('/outbox', async (c) => {
    const mails = await backendStub(c.env, getConfig(c.env)).outbox()
    return c.req.header('accept')?.includes('text/html')
      ? c.html(outboxPage(mails), 200)
      : c.json(mails, 200)
  })

export default dev
