import { Account, Client, Storage, TablesDB } from 'appwrite'
import { endpoint, projectId } from './backend-config'

// One client for both backend modes; only the endpoint and project id differ.
export const client = new Client().setEndpoint(endpoint).setProject(projectId)
export const account = new Account(client)
export const tablesDB = new TablesDB(client)
export const storage = new Storage(client)
export { projectId }
