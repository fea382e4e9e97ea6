import type { Plugin } from 'vite'

/**
 * Names the built `signed-in` chunk (and its CSS) in index.html as
 * `<meta name="kathelia-signed-in">`, so the Worker can turn them into preload links when it
 * answers a signed-in navigation (worker/services/first-load-html.ts). A visitor's page only
 * carries the names; nothing is fetched for them.
 */
export function signedInMeta(): Plugin {
  return {
    name: 'kathelia-signed-in-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const files: string[] = []
        for (const out of Object.values(ctx.bundle ?? {}))
          if (out.type === 'chunk' && out.name === 'signed-in')
            files.push(out.fileName, ...(out.viteMetadata?.importedCss ?? []))
        if (!files.length) return html
        const content = files.map((f) => `/${f}`).join(' ')
        return html.replace(
          '</head>',
          `  <meta name="kathelia-signed-in" content="${content}" />\n  </head>`,
        )
      },
    },
  }
}
