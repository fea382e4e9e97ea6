// The realtime event of a row write: Appwrite's 16 channels, its event names and who may see it
// (protocol §6.4, §6.5; AW Messaging/Adapter/Realtime.php fromPayload, Event::generateEvents).
import { DATABASE_ID, type TableSchema } from '../../../shared/db-schema'
import type { EdgeEvent } from '../context'
import type { RowModel } from './model'
import { readersOf } from '../auth/permissions'
import { type Family } from './schema'

export type RowAction = 'create' | 'update' | 'upsert' | 'delete'

/** Both API families' channels for one row; each again with the action appended. */
export function rowChannels(tableId: string, rowId: string, action: RowAction): string[] {
  const d = DATABASE_ID
  const base = [
    'documents',
    `databases.${d}.collections.${tableId}.documents`,
    `databases.${d}.collections.${tableId}.documents.${rowId}`,
    'rows',
    `databases.${d}.tables.${tableId}.rows`,
    `databases.${d}.tables.${tableId}.rows.${rowId}`,
    `tablesdb.${d}.tables.${tableId}.rows`,
    `tablesdb.${d}.tables.${tableId}.rows.${rowId}`,
  ]
  return [...base, ...base.map((c) => `${c}.${action}`)]
}

// The names differ between rows only by the row id: built once per family, table and action
// with a marker where the id goes (ids are never `*`, so no two names can merge after it).
const ROW_ID = '\u0000'
const nameTemplates = new Map<string, string[]>()

/**
 * Every name the event is known by: each pattern (with action, without, the table, the
 * database) with every combination of its ids replaced by `*`, in the family's own words first
 * and mirrored into the other (collections/documents ↔ tables/rows). 42 names per write.
 */
export function rowEventNames(
  family: Family,
  tableId: string,
  rowId: string,
  action: RowAction,
): string[] {
  const key = `${family}\n${tableId}\n${action}`
  let template = nameTemplates.get(key)
  if (!template) nameTemplates.set(key, (template = eventNames(family, tableId, action)))
  return template.map((name) => name.replace(ROW_ID, rowId))
}

function eventNames(family: Family, tableId: string, action: RowAction): string[] {
  const forms = [
    ['collections', 'documents'],
    ['tables', 'rows'],
  ]
  if (family === 'tablesdb') forms.reverse()
  const names: string[] = []
  for (const [group, items] of forms) {
    const patterns: string[][] = [
      ['databases', '{d}', group, '{t}', items, '{r}', action],
      ['databases', '{d}', group, '{t}', items, '{r}'],
      ['databases', '{d}', group, '{t}'],
      ['databases', '{d}'],
    ]
    for (const pattern of patterns) names.push(...expand(pattern, tableId, ROW_ID))
  }
  return [...new Set(names)]
}

// All ids first, then all wildcards, then the mixes (the order Appwrite lists them in).
function expand(pattern: string[], tableId: string, rowId: string): string[] {
  const slots = pattern.filter((p) => p.startsWith('{'))
  const ids: Record<string, string> = { '{d}': DATABASE_ID, '{t}': tableId, '{r}': rowId }
  const masks = [0, (1 << slots.length) - 1]
  for (let m = 1; m < (1 << slots.length) - 1; m++) masks.push(m)
  return masks.map((mask) =>
    pattern
      .map((p) => {
        const i = slots.indexOf(p)
        return i < 0 ? p : mask & (1 << i) ? '*' : ids[p]
      })
      .join('.'),
  )
}

/**
 * The EdgeEvent for a row write. Roles: the table's read roles, plus the row's own read roles
 * when the table has rowSecurity. The payload is the row model on both API families.
 */
export function rowEvent(
  table: TableSchema,
  row: RowModel,
  action: RowAction,
  family: Family = 'tablesdb',
): EdgeEvent {
  return {
    events: rowEventNames(family, table.id, row.$id, action),
    channels: rowChannels(table.id, row.$id, action),
    roles: readersOf(table.permissions, table.rowSecurity, row.$permissions),
    payload: row,
  }
}
