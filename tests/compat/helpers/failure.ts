import { AppwriteException as WebException } from 'appwrite'
import { AppwriteException as ServerException } from 'node-appwrite'
import { expect } from 'vitest'
import { expectModel } from './openapi'

export type Failure = WebException | ServerException

/**
 * The Appwrite error a call fails with, from either official SDK (each throws its own
 * AppwriteException); anything else, or success, fails the test. A server's error body must fit
 * the spec's `error` model and agree with the exception; code 0 is the SDK's own (no request).
 */
export async function failure(p: Promise<unknown>): Promise<Failure> {
  try {
    await p
  } catch (err) {
    if (!(err instanceof WebException || err instanceof ServerException)) throw err
    if (err.code !== 0) {
      const body = JSON.parse(err.response)
      expectModel(body, 'error')
      expect(body).toMatchObject({ code: err.code, type: err.type, message: err.message })
    }
    return err
  }
  throw new Error('expected the call to fail')
}
