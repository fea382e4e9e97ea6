import { z } from 'zod'
import { NAME_MAX_LENGTH } from '../constants'
import { SETTINGS_TEXTS } from '../settings-texts'

// The settings page's own account changes. They go to /v1 (PATCH /account/name), which holds the
// same limit; checking here first keeps the form's texts.

/** A display name: surrounding spaces dropped, then 1 to 128 characters (Appwrite's limit). */
export const DisplayName = z
  .string()
  .trim()
  .min(1, { message: SETTINGS_TEXTS.nameRequired })
  .max(NAME_MAX_LENGTH, { message: SETTINGS_TEXTS.nameTooLong })

export const ProfileUpdate = z.object({ name: DisplayName })
export type ProfileUpdate = z.output<typeof ProfileUpdate>
