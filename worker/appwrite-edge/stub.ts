import type { Config } from '../config'

/** The one embedded backend object of this project. */
export const backendStub = (env: Env, config: Config) =>
  env.BACKEND.get(env.BACKEND.idFromName(config.APPWRITE_PROJECT_ID))
