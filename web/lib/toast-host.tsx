import { ToastContainer } from 'react-toastify'
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants'

/** The app's one toast container (react-toastify 11 injects its own styles). */
export default function ToastHost() {
  return <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" />
}
