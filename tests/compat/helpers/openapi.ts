import { readFileSync } from 'node:fs'
import { expect } from 'vitest'

// Checks a response body against an Appwrite 1.9.3 OpenAPI model: every required property is
// present, every declared property that is present has the declared primitive type (integer,
// number, string, boolean, array, object; `nullable` allows null) and enum value, arrays have
// items of the declared primitive type, and nested models ($ref, arrays of $ref) are checked
// the same way. Extra properties are allowed (newer servers add fields, e.g. File.folder or
// Membership.userAccessedAt).

type Prop = {
  type?: string
  nullable?: boolean
  enum?: unknown[]
  $ref?: string
  items?: { $ref?: string; type?: string; oneOf?: unknown[] }
}
type Schema = { required?: string[]; properties?: Record<string, Prop> }
type Spec = { components: { schemas: Record<string, Schema> } }

const SPEC_DIR = '/work/shared/appwrite-spec'
const load = (kind: 'client' | 'server') =>
  JSON.parse(readFileSync(`${SPEC_DIR}/open-api3-1.9.3-${kind}.json`, 'utf8')) as Spec
const specs = { client: load('client'), server: load('server') }

export type SpecKind = keyof typeof specs

/** The schema by model name (e.g. 'user', 'session', 'row'); the server spec is the fallback. */
export function schemaOf(name: string, kind: SpecKind = 'client'): Schema {
  const schema = specs[kind].components.schemas[name] ?? specs.server.components.schemas[name]
  if (!schema) throw new Error(`No model "${name}" in the ${kind} spec`)
  return schema
}

const refName = (ref: string) => ref.split('/').pop()!

// Where Appwrite's wire differs from its own spec: the error model declares `code` a string, but
// the server sends the HTTP status as an integer (appwrite-protocol.md §5, general.php).
const WIRE_TYPES: Record<string, Record<string, string>> = { error: { code: 'integer' } }

function typeOk(type: string, v: unknown): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(v)
    case 'number':
      return typeof v === 'number'
    case 'array':
      return Array.isArray(v)
    case 'object':
      return v !== null && typeof v === 'object' && !Array.isArray(v)
    default:
      return typeof v === type
  }
}

function check(body: unknown, name: string, kind: SpecKind, path: string): void {
  const schema = schemaOf(name, kind)
  expect(typeOk('object', body), `${path} is an object`).toBe(true)
  const o = body as Record<string, unknown>
  for (const key of schema.required ?? [])
    expect(o, `${path}.${key} is required`).toHaveProperty([key])
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (!(key in o)) continue
    const v = o[key]
    const at = `${path}.${key}`
    if (v === null && prop.nullable) continue
    if (prop.$ref) {
      check(v, refName(prop.$ref), kind, at)
      continue
    }
    const type = WIRE_TYPES[name]?.[key] ?? prop.type
    if (type) expect(typeOk(type, v), `${at} is ${type} (got ${JSON.stringify(v)})`).toBe(true)
    if (prop.enum) expect(prop.enum, `${at} is one of the enum`).toContain(v)
    if (prop.type !== 'array' || !prop.items) continue
    const { $ref, type: itemType } = prop.items
    ;(v as unknown[]).forEach((item, i) => {
      if ($ref) check(item, refName($ref), kind, `${at}[${i}]`)
      else if (itemType)
        expect(
          typeOk(itemType, item),
          `${at}[${i}] is ${itemType} (got ${JSON.stringify(item)})`,
        ).toBe(true)
    })
  }
}

/** Asserts `body` fits the model `name` (see the top of this file). */
export function expectModel(body: unknown, name: string, kind: SpecKind = 'client'): void {
  check(body, name, kind, name)
}
