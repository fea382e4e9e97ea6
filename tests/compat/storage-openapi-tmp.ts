import { readFileSync } from 'node:fs'
import { expect } from 'vitest'
// TEMPORARY until tests/compat/helpers/openapi.ts lands.
const spec = JSON.parse(
  readFileSync('/work/shared/appwrite-spec/open-api3-1.9.3-client.json', 'utf8'),
) as {
  components: {
    schemas: Record<
      string,
      {
        required?: string[]
        properties: Record<string, { type?: string; items?: { $ref?: string } }>
      }
    >
  }
}
export function expectModel(body: unknown, name: string): void {
  const s = spec.components.schemas[name]
  const o = body as Record<string, unknown>
  for (const k of s.required ?? []) {
    expect(o, `${name}.${k}`).toHaveProperty([k])
    const t = s.properties[k].type
    const v = o[k]
    if (t === 'integer') expect(Number.isInteger(v), `${name}.${k} integer`).toBe(true)
    else if (t === 'array') {
      expect(Array.isArray(v)).toBe(true)
      const ref = s.properties[k].items?.$ref
      if (ref) for (const x of v as unknown[]) expectModel(x, ref.split('/').pop()!)
    } else if (t) expect(typeof v, `${name}.${k}`).toBe(t === 'object' ? 'object' : t)
  }
}
