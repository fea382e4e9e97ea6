import { app } from './app'

export { EdgeBackend } from './appwrite-edge'

export default {
  fetch: app.fetch,
  async scheduled() {
    // The presence sweep arrives with the product API (issue: product API, presence).
  },
} satisfies ExportedHandler<Env>
