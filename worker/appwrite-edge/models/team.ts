// Appwrite's `team` model; `total` counts confirmed memberships, as Appwrite keeps it.
export type TeamRecord = {
  id: string
  name: string
  prefs: string
  created_at: string
  updated_at: string
}

export function teamModel(t: TeamRecord, total: number) {
  return {
    $id: t.id,
    $createdAt: t.created_at,
    $updatedAt: t.updated_at,
    name: t.name,
    total,
    prefs: JSON.parse(t.prefs) as Record<string, unknown>,
  }
}
