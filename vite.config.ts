import { existsSync } from 'node:fs'
import { cloudflare } from '@cloudflare/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { exampleVars } from './scripts/local-vars.ts'

// The Vite root stays at the repo root so the plugin's deploy redirect lands where wrangler looks.
export default defineConfig(({ command }) => {
  // Without a .dev.vars (or in tests, which set KATHELIA_VARS) the documented local defaults apply.
  const useExample =
    command === 'serve' && (!existsSync('.dev.vars') || !!process.env.KATHELIA_VARS)
  return {
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: './web/routes',
        generatedRouteTree: './web/routeTree.gen.ts',
      }),
      react(),
      cloudflare({
        config: useExample ? { vars: exampleVars() } : undefined,
        // Tests give each server its own state folder so runs never see each other's data.
        persistState: process.env.KATHELIA_STATE_DIR
          ? { path: process.env.KATHELIA_STATE_DIR }
          : true,
        inspectorPort: false,
      }),
    ],
    server: {
      host: process.env.KATHELIA_HOST ?? 'localhost',
      port: Number(process.env.PORT ?? 5173),
      strictPort: true,
    },
    build: { sourcemap: true },
  }
})
