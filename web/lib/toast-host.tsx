import { useEffect } from 'react'
import { toast, ToastContainer } from 'react-toastify'
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants'

let markMounted: () => void
const mounted = new Promise<void>((resolve) => (markMounted = resolve))

/**
 * Resolves with `toast` once the container is mounted. A toast raised earlier is queued by the
 * library and handed to the first container that subscribes, which StrictMode's mount, unmount,
 * mount in development then throws away; after the mount effects the container is the lasting one.
 */
export const mountedToast = () => mounted.then(() => toast)

/** The app's one toast container (react-toastify 11 injects its own styles). */
export default function ToastHost() {
  useEffect(() => markMounted(), [])
  return <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" />
}
