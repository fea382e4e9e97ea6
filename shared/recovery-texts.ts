import { RECOVERY_TITLE } from './texts'

// Apart from texts.ts, which the first script of every page carries: these are the recovery
// forms', lazy chunks of their own (web/features/auth/).

/** Password recovery (not in the spec's texts): one answer for every address, no account oracle. */
export const RECOVERY_TEXTS = {
  title: RECOVERY_TITLE,
  newPasswordTitle: 'Choose a new password',
  requestTitle: 'Password Reset',
  requested: (email: string) =>
    `If ${email} belongs to an account, we sent it a link to choose a new password. The link is valid for one hour.`,
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address, like ada@example.com.',
  done: 'Your password was changed and every device was signed out. Please sign in with the new password.',
  linkInvalid: 'This reset link has expired or was already used.',
  linkIncomplete: 'This reset link is incomplete. Please open the link from the email again.',
  askAgain: 'Ask for a new link',
} as const
