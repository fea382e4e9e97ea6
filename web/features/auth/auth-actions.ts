// Everything on the signed-out screen that needs the backend SDK, as one lazily loaded chunk:
// the screen itself renders without it.
export { register } from './register'
export { resendVerification } from './resend-verification'
export { signIn } from './sign-in'
export { verifyAccount } from '../verification/verify-account'
export { completeRecovery, requestRecovery } from './recovery'
