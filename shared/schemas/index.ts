// Zod schemas of every /api payload (request and response), shared by the SPA and the Worker.
export * from './common'
export * from './user'
export * from './auth'
export * from './message'
export * from './room'
export * from './system'
export * from './presence'
export * from './account'
