import { Account, Client, Storage, TablesDB } from 'appwrite'

// One client for both backend modes: the embedded backend on this origin (default) or Appwrite.
const endpoint = import.meta.env.VITE_APPWRITE_ENDPOINT || `${window.location.origin}/v1`
export const projectId = import.meta.env.VITE_APPWRITE_PROJECT_ID || 'kathelia'

export const client = new Client().setEndpoint(endpoint).setProject(projectId)
export const account = new Account(client)
export const tablesDB = new TablesDB(client)
export const storage = new Storage(client)
