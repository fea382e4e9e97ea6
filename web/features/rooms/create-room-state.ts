import { proxy } from 'valtio'

export const createRoomState = proxy({ open: false })
export const openCreateRoom = () => {
  createRoomState.open = true
}
export const closeCreateRoom = () => {
  createRoomState.open = false
}
