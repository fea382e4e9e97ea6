import type { Plugin } from 'vite'

// Marks index.html's preload of the sign-in screen, which a signed-in page goes without.
const SIGNED_OUT_ATTR = 'data-signed-out'

/**
 * Names the built `signed-in` chunk (and its CSS) in index.html as
 * `<meta name="kathelia-signed-in">`, so the Worker can turn them into preload links when it
 * answers a signed-in navigation (worker/services/first-load-html.ts). A visitor's page only
 * carries the names; nothing is fetched for them. The other way round, the sign-in screen's chunk
 * is preloaded beside the entry (a visitor's screen waits for no second round trip), by a link
 * the Worker takes out of a signed-in page.
 */
export function signedInMeta(): Plugin {
  return {
    name: 'kathelia-signed-in-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const files: string[] = []
        let signIn: string | undefined
        for (const out of Object.values(ctx.bundle ?? {})) {
          if (out.type !== 'chunk') continue
          if (out.name === 'signed-in')
            files.push(out.fileName, ...(out.viteMetadata?.importedCss ?? []))
          // The sign-in screen's chunk (vite.config.ts, web/features/auth/lazy-auth-screen.ts).
          if (out.name === 'sign-in') signIn = out.fileName
        }
        if (!files.length || !signIn) throw new Error('the signed-in or sign-in chunk is missing')
        const content = files.map((f) => `/${f}`).join(' ')
        return html.replace(
          '</head>',
          `  <meta name="kathelia-signed-in" content="${content}" />\n` +
            `    <link rel="modulepreload" crossorigin href="/${signIn}" ${SIGNED_OUT_ATTR} />\n  </head>`,
        )
      },
    },
  }
}
