// Appwrite's error catalogue for the subset we serve: type → status and default message.
// Body shape as Appwrite sends it: { message, code, type, version }.
export const APPWRITE_VERSION = '1.9.6'

const CATALOG = {
  general_argument_invalid: [400, 'Invalid param.'],
  general_query_invalid: [400, 'Invalid query.'],
  general_cursor_not_found: [400, 'Cursor not found.'],
  general_route_not_found: [
    404,
    'The requested route was not found. Please refer to the API docs and try again.',
  ],
  general_unauthorized_scope: [
    401,
    'The current user or API key does not have the required scopes to access the requested resource.',
  ],
  general_unknown_origin: [
    403,
    'Invalid Origin. Register your new client as a new Web platform on your project console dashboard',
  ],
  general_rate_limit_exceeded: [
    429,
    'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
  ],
  general_smtp_disabled: [503, 'SMTP is disabled on your Appwrite instance.'],
  general_server_error: [500, 'Server Error'],
  project_not_found: [404, 'Project with the requested ID could not be found.'],
  user_unauthorized: [401, 'The current user is not authorized to perform the requested action.'],
  user_invalid_credentials: [401, 'Invalid credentials. Please check the email and password.'],
  user_session_already_exists: [
    401,
    'Creation of a session is prohibited when a session is active.',
  ],
  user_already_exists: [
    409,
    'A user with the same id, email, or phone already exists in this project.',
  ],
  user_email_already_exists: [
    409,
    'A user with the same email already exists in the current project.',
  ],
  user_not_found: [404, 'User with the requested ID could not be found.'],
  user_invalid_token: [401, 'Invalid token passed in the request.'],
  user_email_already_verified: [409, 'User email is already verified'],
  user_blocked: [403, 'The current user has been blocked.'],
  user_jwt_invalid: [401, 'Failed to verify JWT. Invalid token: Expired'],
  user_jwt_and_cookie_set: [403, 'Only one of JWT or cookie session may be used.'],
  user_session_not_found: [404, 'The current user session could not be found.'],
  user_password_mismatch: [
    400,
    'Passwords do not match. Please check the password and confirm password.',
  ],
  user_invalid_password: [400, 'Invalid password'],
  // Ours, named like Appwrite's password_recently_used: the rules of shared/password-rules.ts.
  password_weak: [
    400,
    'Your password does not meet the minimum complexity requirements: at least 8 characters, one upper case letter, one lower case letter, one number and one symbol.',
  ],
  user_email_not_whitelisted: [
    401,
    'Console registration is restricted to specific emails. Contact your administrator for more information.',
  ],
  team_not_found: [404, 'Team with the requested ID could not be found.'],
  membership_not_found: [404, 'Membership with the requested ID could not be found.'],
  membership_already_confirmed: [409, 'Membership is already confirmed.'],
  database_not_found: [404, 'Database not found'],
  collection_not_found: [404, 'Collection with the requested ID could not be found.'],
  table_not_found: [404, 'Table with the requested ID could not be found.'],
  document_not_found: [404, 'Document with the requested ID could not be found.'],
  row_not_found: [404, 'Row with the requested ID could not be found.'],
  document_invalid_structure: [
    400,
    'The document structure is invalid. Please ensure the attributes match the collection definition.',
  ],
  row_invalid_structure: [
    400,
    'The row structure is invalid. Please ensure the columns match the table definition.',
  ],
  document_already_exists: [409, 'Document with the requested ID already exists.'],
  row_already_exists: [409, 'Row with the requested ID already exists.'],
  document_missing_payload: [
    400,
    'The document data and permissions are missing. You must provide either document data or permissions to be updated.',
  ],
  row_missing_payload: [
    400,
    'The row data and permissions are missing. You must provide either row data or permissions to be updated.',
  ],
  document_missing_data: [
    400,
    'The document data is missing. Try again with document data populated',
  ],
  row_missing_data: [400, 'The row data is missing. Try again with row data populated'],
  database_query_order_null: [
    400,
    'The order attribute had a null value. Cursor pagination requires all order attribute values are non-null.',
  ],
  transaction_not_found: [404, 'Transaction with the requested ID could not be found.'],
  storage_bucket_not_found: [404, 'Storage bucket with the requested ID could not be found.'],
  storage_file_not_found: [404, 'The requested file could not be found.'],
  storage_invalid_content_range: [400, 'The content range is invalid.'],
  storage_invalid_appwrite_id: [
    400,
    'The value for x-appwrite-id header is invalid. Please check the value of the x-appwrite-id header is a valid id and not unique().',
  ],
  storage_file_already_exists: [409, 'A storage file with the requested ID already exists.'],
  storage_file_empty: [400, 'Empty file passed to the endpoint.'],
  storage_invalid_file_size: [
    400,
    'The file size is either not valid or exceeds the maximum allowed size.',
  ],
  storage_file_type_unsupported: [400, 'The given file extension is not supported.'],
  storage_invalid_range: [
    416,
    'The requested range is not satisfiable. Please check the range header.',
  ],
} as const satisfies Record<string, readonly [number, string]>

export type ErrorType = keyof typeof CATALOG

export class AppwriteException extends Error {
  readonly status: number
  constructor(
    readonly type: ErrorType,
    message?: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? CATALOG[type][1])
    this.status = CATALOG[type][0]
  }

  toJSON() {
    return { message: this.message, code: this.status, type: this.type, version: APPWRITE_VERSION }
  }
}

/** Throws the Appwrite error of that type; `message` replaces the catalogue text. */
export function fail(type: ErrorType, message?: string): never {
  throw new AppwriteException(type, message)
}

/** 429 general_rate_limit_exceeded, saying when to try again. */
export function throttled(retryAfterSeconds: number): never {
  throw new AppwriteException('general_rate_limit_exceeded', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  })
}

export function errorResponse(err: AppwriteException, headers?: HeadersInit): Response {
  const h = new Headers(headers)
  for (const [k, v] of Object.entries(err.headers)) h.set(k, v)
  h.set('content-type', 'application/json')
  return new Response(JSON.stringify(err.toJSON()), { status: err.status, headers: h })
}
