import { NAME_MAX_LENGTH } from './constants.ts'

/**
 * Not in the spec ("Settings. Content not shown"): the texts of the settings page. Not in
 * texts.ts, which comes with every screen's first script: these come with the settings chunk.
 */
export const SETTINGS_TEXTS = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name can be at most ${NAME_MAX_LENGTH} characters long.`,
  nameSaved: 'Your name was saved.',
  currentPasswordWrong: 'The current password is not correct.',
  samePassword: 'The new password must be different from the current one.',
  passwordChanged: 'Your password was changed. Your other devices were signed out.',
  sessionSignedOut: 'That device was signed out.',
  otherSessionsSignedOut: 'Your other devices were signed out.',
} as const
