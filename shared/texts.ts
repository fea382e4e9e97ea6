// Exact user-facing texts of the product spec (sections 2, 4, 5 and 8).
export const TEXTS = {
  signInTitle: 'Sign in to your account',
  registerTitle: 'Create an account',
  forgotPassword: 'Forgot password?',
  verifying: 'Verifying your account',
  verified: 'Congratulations! Your account has been verified!',
  resent: 'The verification email has been resent. Please check your email again.',
  resendLink: 'Resend it.',
  passwordsDiffer: 'Both passwords provided do not match',
  registrationFormError: 'Registration Form Error',
  passwordTooWeak: 'Your password does not meet the minimum complexity requirements',
  unverifiedEmail: 'Please verify your email first before attempting to login to Kathelia',
  notAuthorized: 'Your account is not authorized to access our private space',
  unauthorizedRegistration: 'Unauthorized registration attempt',
  unknownError: 'An unknown error occurred - please let the administrator know!',
  createRoomTitle: 'Create a new room',
  createRoomFieldsRequired: 'All fields are required - please make sure no fields are left blank.',
  roomColorInvalid: 'The colour must be a hex value like #1a2b3c.',
  unknownStatusCode: 'Status code does not exist',
} as const

export const ERROR_TITLES = {
  login: 'Login',
  createRoom: 'Create Room',
  verification: 'Account Verification',
} as const
