import { AppwriteException as WebException } from 'appwrite'
import { AppwriteException as ServerException } from 'node-appwrite'

export type Failure = WebException | ServerException

/**
 * The Appwrite error a call fails with, from either official SDK (each throws its own
 * AppwriteException); anything else, or success, fails the test.
 */
export async function failure(p: Promise<unknown>): Promise<Failure> {
  try {
    await p
  } catch (err) {
    if (err instanceof WebException || err instanceof ServerException) return err
    throw err
  }
  throw new Error('expected the call to fail')
}
