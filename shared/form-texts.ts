// Exact texts of the product spec (sections 5 and 8) that only its forms show: apart from
// texts.ts, which the first script of every page carries, as the forms are lazy chunks.
export const FORM_TEXTS = {
  passwordsDiffer: 'Both passwords provided do not match',
  registrationFormError: 'Registration Form Error',
  passwordTooWeak: 'Your password does not meet the minimum complexity requirements',
  unauthorizedRegistration: 'Unauthorized registration attempt',
  createRoomFieldsRequired: 'All fields are required - please make sure no fields are left blank.',
  roomColorInvalid: 'The colour must be a hex value like #1a2b3c.',
  unknownStatusCode: 'Status code does not exist',
} as const
