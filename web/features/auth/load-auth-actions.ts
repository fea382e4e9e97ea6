let actions: Promise<typeof import('./auth-actions')> | null = null

/** Loads (once) the SDK-backed auth actions; also called early, e.g. when a form gets focus. */
export const loadAuthActions = () => (actions ??= import('./auth-actions'))
