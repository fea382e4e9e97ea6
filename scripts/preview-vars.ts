import { writePreviewVars } from './local-vars'

// `npm run preview` on a fresh clone: the built Worker gets the local defaults (local-vars.ts).
writePreviewVars()
