import { DEFAULT_PROJECT_ID } from '../../shared/db-ids'

// Where the backend lives, without loading its SDK: the embedded backend on this origin
// (default) or an Appwrite project named by the public VITE_* variables.
export const endpoint = import.meta.env.VITE_APPWRITE_ENDPOINT || `${window.location.origin}/v1`
export const projectId = import.meta.env.VITE_APPWRITE_PROJECT_ID || DEFAULT_PROJECT_ID
