import {
  AddRoomResponse,
  AssignTeamsResponse,
  AuthorizedResponse,
  ChateeResponse,
  Flags,
  HeartbeatResponse,
  LogResponse,
  Message,
  Status,
  UserInfoResponse,
  type AddMessageRequest,
  type AddRoomRequest,
  type BeaconRequest,
  type LogRequest,
  type StatusPatch,
} from '../../shared/schemas'
import { apiPost, apiPostPublic } from './api'
import { peekJwt } from './jwt'

export type { Status } from '../../shared/schemas'

// The product API (spec section 7). The server takes the caller from the JWT; the userId and
// email fields are the spec's payloads, which the server checks against the caller.
export const productApi = {
  authorized: (email: string) => apiPostPublic('/auth/authorized', { email }, AuthorizedResponse),
  chatee: (email: string) => apiPost('/auth/chatee', { email }, ChateeResponse),
  chateeStatus: (userId: string) => apiPost('/auth/chatee-status', { userId }, Status),
  flags: (email: string) => apiPost('/auth/flags', { email }, Flags),
  assignTeams: (userId: string) => apiPost('/auth/assign-teams', { userId }, AssignTeamsResponse),
  createStatus: (userId: string) => apiPost('/auth/create-status', { userId }, Status),
  userInfo: (userId: string) =>
    apiPost('/user/info', { userId, includePassword: false }, UserInfoResponse),
  userStatus: (userId: string) => apiPost('/user/status', { userId }, Status),
  updateStatus: (userId: string, payload: StatusPatch) =>
    apiPost('/user/update-status', { userId, payload }, Status),
  heartbeat: () => apiPost('/presence/heartbeat', {}, HeartbeatResponse),
  log: (entry: LogRequest) => apiPost('/system/log', entry, LogResponse),
  addMessage: (body: AddMessageRequest) => apiPost('/message/add', body, Message),
  addRoom: (body: AddRoomRequest) => apiPost('/room/add', body, AddRoomResponse),
}

/**
 * "This tab is leaving", for pagehide/beforeunload: sendBeacon cannot set headers, so the cached
 * JWT travels in the body (text/plain keeps it a simple request).
 */
export function presenceBeacon(presence: BeaconRequest['presence'] = 'offline'): boolean {
  const jwt = peekJwt()
  if (!jwt) return false
  const body: BeaconRequest = { jwt, presence }
  return navigator.sendBeacon('/api/presence/beacon', JSON.stringify(body))
}
