import type {
  Activity,
  AddMessageRequest,
  AddRoomRequest,
  AddRoomResponse,
  AssignTeamsResponse,
  AuthorizedResponse,
  BeaconRequest,
  ChateeResponse,
  DeleteMessageRequest,
  EditMessageRequest,
  Flags,
  HeartbeatRequest,
  HeartbeatResponse,
  LogRequest,
  LogResponse,
  Message,
  MessageLimits,
  ReactRequest,
  ReactResponse,
  PresenceSharing,
  RegisterRequest,
  RegisterResponse,
  Status,
  StatusPatch,
  UserInfoResponse,
} from '../../shared/schemas'
import { apiPost, apiPostPublic } from './api'
import { peekJwt } from './jwt'

export type { Status } from '../../shared/schemas'

// The product API (spec section 7). The server takes the caller from the JWT; the userId and
// email fields are the spec's payloads, which the server checks against the caller.
export const productApi = {
  authorized: (email: string) =>
    apiPostPublic<AuthorizedResponse>('/auth/authorized', { email }, 'AuthorizedResponse'),
  register: (body: RegisterRequest) =>
    apiPostPublic<RegisterResponse>('/auth/register', body, 'RegisterResponse'),
  chatee: (email: string) =>
    apiPost<ChateeResponse | null>('/auth/chatee', { email }, 'ChateeAnswer'),
  chateeStatus: (userId: string) => apiPost<Status>('/auth/chatee-status', { userId }, 'Status'),
  flags: (email: string) => apiPost<Flags>('/auth/flags', { email }, 'Flags'),
  assignTeams: (userId: string) =>
    apiPost<AssignTeamsResponse>('/auth/assign-teams', { userId }, 'AssignTeamsResponse'),
  createStatus: (userId: string) => apiPost<Status>('/auth/create-status', { userId }, 'Status'),
  userInfo: (userId: string) =>
    apiPost<UserInfoResponse>('/user/info', { userId, includePassword: false }, 'UserInfoResponse'),
  userStatus: (userId: string) => apiPost<Status>('/user/status', { userId }, 'Status'),
  updateStatus: (userId: string, payload: StatusPatch, tab?: string) =>
    apiPost<Status>('/user/update-status', { userId, payload, tab }, 'Status'),
  heartbeat: (
    presence: HeartbeatRequest['presence'] = 'online',
    activity?: Activity,
    tab?: string,
  ) =>
    apiPost<HeartbeatResponse>(
      '/presence/heartbeat',
      { presence, activity, tab },
      'HeartbeatResponse',
    ),
  log: (entry: LogRequest) => apiPost<LogResponse>('/system/log', entry, 'LogResponse'),
  addMessage: (body: AddMessageRequest) => apiPost<Message>('/message/add', body, 'Message'),
  messageLimits: () => apiPost<MessageLimits>('/message/limits', {}, 'MessageLimits'),
  editMessage: (body: EditMessageRequest) => apiPost<Message>('/message/edit', body, 'Message'),
  deleteMessage: (body: DeleteMessageRequest) =>
    apiPost<Message>('/message/delete', body, 'Message'),
  react: (body: ReactRequest) => apiPost<ReactResponse>('/message/react', body, 'ReactResponse'),
  presenceSharing: (share?: boolean) =>
    apiPost<PresenceSharing>('/user/sharing', { share }, 'PresenceSharing'),
  addRoom: (body: AddRoomRequest) => apiPost<AddRoomResponse>('/room/add', body, 'AddRoomResponse'),
}

/**
 * "This tab is leaving", for pagehide/beforeunload: sendBeacon cannot set headers, so the cached
 * JWT travels in the body (text/plain keeps it a simple request).
 */
export function presenceBeacon(
  presence: BeaconRequest['presence'] = 'offline',
  tab?: string,
): boolean {
  const jwt = peekJwt()
  if (!jwt) return false
  const body: BeaconRequest = { jwt, presence, tab }
  return navigator.sendBeacon('/api/presence/beacon', JSON.stringify(body))
}
