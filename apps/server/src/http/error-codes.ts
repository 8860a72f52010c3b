/**
 * Every error the server answers with, by code: its HTTP status and the words the user sees (the
 * spec's texts, verbatim, where the spec has one). Clients branch on the code, never on the words,
 * so a message can be reworded here without changing what any client does.
 *
 * A message that carries data (a limit, a name, a size) is a function of that data. A handful of
 * codes take their words from elsewhere: an engine's or the model manager's own message, or a
 * validator's; those are written `passOn`, and are thrown with `AppError.withMessage`.
 */
interface ErrorEntry {
  readonly status: number;
  /** `never[]` accepts any parameter list: each entry's own one is kept by `as const`. */
  readonly message: string | ((...args: never[]) => string);
}

/** The words come with the error (an engine's, the model manager's, a validator's). */
const passOn = (message: string) => message;

export const ERROR_CODES = {
  // Requests as a whole (http/).
  VALIDATION_FAILED: { status: 400, message: passOn },
  BAD_REQUEST: { status: 400, message: passOn },
  MALFORMED_JSON: { status: 400, message: passOn },
  BODY_TOO_LARGE: { status: 413, message: passOn },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: passOn },
  ROUTE_NOT_FOUND: { status: 404, message: (method: string, path: string) => `Route ${method} ${path} not found` },
  NUL_IN_INPUT: { status: 400, message: 'The request must not contain NUL characters' },
  BODY_TOO_DEEP: { status: 400, message: 'The request body is nested too deeply' },
  CROSS_SITE: { status: 403, message: 'Cross-site request refused' },
  SERVER_BUSY: { status: 503, message: 'The server is busy. Please try again in a few seconds.' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  METRICS_TOKEN_INVALID: { status: 401, message: 'The metrics token is missing or wrong.' },

  // Signing in.
  UNAUTHENTICATED: { status: 401, message: 'User not authenticated. Please log in again.' },
  SESSION_EXPIRED: { status: 401, message: 'User not authenticated. Please log in again.' },
  SIGN_IN_THROTTLED: { status: 429, message: 'Too many sign-in attempts. Please wait a minute and try again.' },
  SIGN_UP_THROTTLED: { status: 429, message: 'Too many sign-up attempts from your network. Please try again later.' },
  SIGN_UP_REFUSED: {
    status: 400,
    message: 'We could not create an account with this email. If you already have one, sign in instead.',
  },
  ACCOUNT_SUSPENDED: {
    status: 403,
    message: 'This account is suspended. Please contact support to have it reinstated.',
  },
  INVALID_PROFILE_UPDATE: { status: 400, message: (field: string) => `The ${field} must be text` },

  // The account page (/account): the user's own name, email, password and account.
  NAME_REQUIRED: { status: 400, message: 'Please enter your name.' },
  NAME_TOO_LONG: { status: 400, message: 'Your name can be at most 100 characters.' },
  EMAIL_INVALID: { status: 400, message: 'Please enter a valid email address.' },
  EMAIL_UNCHANGED: { status: 400, message: 'That is already your email address.' },
  EMAIL_IN_USE: { status: 409, message: 'Another account already uses this email address.' },
  CURRENT_PASSWORD_WRONG: { status: 400, message: 'Your current password is not correct.' },
  NO_PASSWORD: {
    status: 400,
    message: 'This account signs in through an identity provider and has no password here.',
  },
  NEW_PASSWORD_TOO_SHORT: { status: 400, message: 'The new password must be at least 8 characters.' },
  NEW_PASSWORD_TOO_LONG: { status: 400, message: 'The new password can be at most 128 characters.' },
  DELETE_NOT_CONFIRMED: {
    status: 400,
    message: 'Type the email address of this account exactly to confirm that it should be deleted.',
  },

  // Credits and purchases.
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  INSUFFICIENT_CREDITS: { status: 402, message: 'Insufficient credits' },
  INSUFFICIENT_BALANCE: { status: 402, message: 'Insufficient balance' },
  INVALID_AMOUNT: { status: 400, message: 'Amount must be greater than 0' },
  HOLD_SETTLED: { status: 409, message: 'This credit hold is already settled' },
  PACK_NOT_FOUND: { status: 404, message: 'Credit pack not found' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: 'This purchase key was already used for a different pack' },
  PURCHASE_IN_PROGRESS: { status: 409, message: 'This purchase is still being processed' },

  // Speech requests and tasks.
  TEXT_REQUIRED: { status: 400, message: 'Text is required' },
  TEXT_OVER_LIMIT: { status: 400, message: 'Text exceeds maximum length of 50,000 characters' },
  VOICE_ID_REQUIRED: { status: 400, message: 'Voice ID is required' },
  MODEL_ID_REQUIRED: { status: 400, message: 'Model ID is required' },
  TASK_ID_REQUIRED: { status: 400, message: 'Task ID is required' },
  TASK_NOT_FOUND: { status: 404, message: 'Task not found' },
  VOICE_NOT_FOUND: { status: 404, message: 'Voice not found' },
  FILE_NOT_FOUND: { status: 404, message: 'File not found' },
  BAD_FILE_LINK: { status: 403, message: 'This link is invalid or has expired' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  HISTORY_STORAGE_FULL: {
    status: 409,
    message: 'Your history has used all of its storage. Delete older generations in History to make room.',
  },
  PROVIDER_CATALOGUE_FAILED: { status: 502, message: passOn },
  PROVIDER_CATALOGUE_TIMEOUT: { status: 504, message: passOn },

  // How a task (or a request rendered at once) fails: the spec's task failure table (section 8).
  VOICE_PROCESSING: {
    status: 502,
    message:
      'Voice processing error: the voice may be corrupted; create a new clone with better audio, use a different voice, or use a file of at least 10 seconds',
  },
  TEXT_TOO_LONG: { status: 400, message: 'The text is too long. Please use shorter text.' },
  VOICE_UNAVAILABLE: {
    status: 400,
    message: 'The selected voice is not available. Please select a different voice.',
  },
  TIMEOUT: { status: 504, message: 'Request timed out. Please try again.' },
  INVALID_INPUT: { status: 400, message: 'Invalid input. Please check your text and voice selection.' },
  PROVIDER_BALANCE: {
    status: 502,
    message: 'The speech service has run out of balance. Please contact support.',
  },
  ENGINE_UNAVAILABLE: { status: 503, message: passOn },
  ENGINE_MISSING: { status: 503, message: (engine: string) => `The speech engine ${engine} is not available.` },
  ENGINE_FAILED: { status: 502, message: passOn },
  UNKNOWN_FAILURE: { status: 500, message: 'Unknown error occurred' },
  /** Recorded on a public API task whose caller hung up; never answered (499 is nginx's word for it). */
  CLIENT_LEFT: { status: 499, message: 'The client disconnected before all the audio was delivered.' },

  // History.
  GENERATION_NOT_FOUND: { status: 404, message: 'Generation not found.' },
  GENERATION_BUSY: {
    status: 409,
    message: 'This generation is still rendering. Delete it once it has finished.',
  },
  GENERATION_CHANGED: { status: 409, message: 'This generation changed meanwhile. Please try again.' },
  NO_AUDIO: { status: 404, message: 'This generation has no audio.' },
  NO_TIMELINE: { status: 404, message: 'This generation has no sentence timeline.' },
  TAKE_NOT_FOUND: { status: 404, message: 'Take not found.' },
  SENTENCE_NOT_FOUND: { status: 404, message: 'Sentence not found.' },
  SENTENCE_TOO_LONG: {
    status: 400,
    message: (max: number) => `A sentence can be at most ${max.toLocaleString('en-US')} characters.`,
  },
  SENTENCE_ALWAYS_SAME: {
    status: 400,
    message: 'This voice speaks a sentence the same way every time. Edit the sentence to regenerate it.',
  },

  // Cloned voices and their samples.
  CLONING_UNAVAILABLE: { status: 501, message: 'Voice cloning is not available.' },
  VOICE_LIMIT_REACHED: { status: 409, message: 'You have reached the maximum limit of 5 cloned voices' },
  VOICE_NAME_REQUIRED: { status: 400, message: 'Voice name is required' },
  CLONE_LANGUAGE_UNSUPPORTED: {
    status: 400,
    message: 'This language is not supported for voice cloning. Please choose a language from the list.',
  },
  PREVIEW_TEXT_TOO_LONG: { status: 400, message: 'Sample text must be 300 characters or less.' },
  TRANSCRIPT_TOO_LONG: { status: 400, message: 'The sample’s transcript must be 1,000 characters or less.' },
  MALFORMED_UPLOAD: { status: 400, message: 'The upload could not be read. Please choose the file and try again.' },
  SAMPLE_MISSING: { status: 400, message: 'Please upload an audio file first.' },
  SAMPLE_EMPTY: { status: 400, message: 'The uploaded file is empty. Please select a valid audio file.' },
  SAMPLE_TOO_LARGE: {
    status: 413,
    message: (megabytes: string) => `File too large. Maximum size: 20MB, your file: ${megabytes}MB`,
  },
  SAMPLE_UNREADABLE: { status: 415, message: "Unable to read audio file. Please make sure it's a valid audio file." },
  SAMPLE_UNSUPPORTED: {
    status: 415,
    message: (format: string) => `Unsupported file format: ${format}. Please upload a valid audio or video file.`,
  },
  SAMPLE_TOO_SHORT: { status: 400, message: 'Audio file must be at least 10 seconds long.' },
  SAMPLE_TOO_LONG: { status: 400, message: 'Audio file must be no longer than 5 minutes (300 seconds).' },
  CLONE_SAMPLE_REFUSED: { status: 400, message: passOn },
  CLONE_RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  CLONE_TIMEOUT: { status: 504, message: 'Request timed out. Please try again.' },
  CLONE_FAILED: { status: 502, message: 'Failed to create voice. Please try again.' },
  /** Ours, not the provider's: the voice was made but could not be kept. */
  CLONE_NOT_SAVED: { status: 500, message: 'Failed to create voice. Please try again.' },

  // API keys and the public API.
  TOO_MANY_KEYS: {
    status: 400,
    message: (max: number) => `You can have at most ${max} API keys. Delete one first.`,
  },
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found' },
  MISSING_API_KEY: { status: 401, message: 'Missing API key.' },
  INVALID_API_KEY: { status: 401, message: 'Invalid API key.' },
  REVOKED_API_KEY: { status: 401, message: 'This API key has been revoked.' },
  MISSING_SCOPE: { status: 403, message: (scope: string) => `This API key does not have the "${scope}" scope.` },
  KEY_RATE_LIMITED: {
    status: 429,
    message: 'Too many requests for this API key. Please wait a moment and try again.',
  },
  KEY_CAP_REACHED: { status: 402, message: 'This API key has reached its monthly character limit.' },
  UNKNOWN_VOICE: {
    status: 404,
    message: (voiceId: string) => `Voice "${voiceId}" was not found. List the voices you can use at /voices.`,
  },
  UNKNOWN_MODEL: {
    status: 400,
    message: (model: string, modelsPath: string) =>
      `The model "${model}" does not exist. List the models at ${modelsPath}.`,
  },
  RESPONSE_FORMAT_UNSUPPORTED: {
    status: 400,
    message: (format: string, supported: readonly string[]) =>
      `response_format "${format}" is not supported. Use one of: ${supported.join(', ')}.`,
  },
  INVALID_OUTPUT_FORMAT: { status: 400, message: passOn },
  INVALID_LABELS: {
    status: 400,
    message: 'labels must be a JSON object of strings, such as {"language": "en"}.',
  },

  // The admin panel.
  ADMIN_REQUIRED: { status: 401, message: 'Admin authentication required' },
  MUST_CHANGE_PASSWORD: { status: 403, message: 'Choose a new password before using the admin panel' },
  WEAK_PASSWORD: {
    status: 400,
    message: (min: number) => `Admin passwords need at least ${min} characters`,
  },
  LONG_PASSWORD: {
    status: 400,
    message: (max: number) => `Admin passwords can have at most ${max} characters`,
  },
  USERNAME_REQUIRED: { status: 400, message: 'A username is required' },
  ADMIN_EXISTS: { status: 409, message: (username: string) => `An admin named "${username}" already exists` },
  ADMIN_NOT_FOUND: { status: 404, message: (username: string) => `No admin named "${username}"` },
  FIELDS_REQUIRED: { status: 400, message: 'Username and password are required' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid username or password' },
  ONE_TIME_PASSWORD_EXPIRED: {
    status: 401,
    message: (username: string) =>
      `This one-time password has expired. Run "npm run admin -- reset-password ${username}" on the server to set a new one.`,
  },
  NO_ONE_TIME_PASSWORD: {
    status: 403,
    message: (username: string) =>
      `There is no one-time password to change. To change an admin password, run "npm run admin -- reset-password ${username}" on the server.`,
  },
  PASSWORD_UNCHANGED: { status: 400, message: 'Choose a password different from the one-time password' },
  PASSWORD_SIGN_IN_OFF: {
    status: 409,
    message: 'Password sign-in is turned off here, so there is no password to reset.',
  },
  BALANCE_TOO_LARGE: {
    status: 400,
    message: 'This would take the balance above the most an account can hold',
  },

  // Speech models (the admin's installs). The model manager's own refusals keep its words, which
  // name the archive or model.
  ARCHIVE_MISSING: { status: 400, message: 'Choose a model archive (.tar.bz2, .tar.gz or .onnx) to upload.' },
  ARCHIVE_TOO_LARGE: {
    status: 413,
    message: (limitMegabytes: number) =>
      `The archive is larger than the upload limit of ${limitMegabytes} MB (MODEL_UPLOAD_LIMIT_MB).`,
  },
  NOT_IN_CATALOGUE: {
    status: 404,
    message: (name: string) => `"${name}" is not in the catalogue; install its archive from a file.`,
  },
  INSTALL_RUNNING: { status: 409, message: (name: string) => `"${name}" is already being installed.` },
  CATALOGUE_INSTALL_RUNNING: {
    status: 409,
    message: (name: string) => `"${name}" is being installed from the catalogue right now.`,
  },
  ALREADY_INSTALLED: {
    status: 409,
    message: (name: string) => `"${name}" is already installed; remove it first to install it again.`,
  },
  NO_INSTALL: { status: 404, message: (name: string) => `No install of "${name}" is running.` },
  UNSUPPORTED_FORMAT: { status: 400, message: passOn },
  BAD_NAME: { status: 400, message: passOn },
  BAD_ARCHIVE: { status: 422, message: passOn },
  UNSAFE_ARCHIVE: { status: 422, message: passOn },
  CHECKSUM_MISMATCH: { status: 422, message: passOn },
  UNKNOWN_FAMILY: { status: 422, message: passOn },
  VERIFY_FAILED: { status: 422, message: passOn },
  NOT_INSTALLED: { status: 404, message: passOn },
  DOWNLOAD_FAILED: { status: 502, message: passOn },
  DOWNLOAD_STALLED: { status: 504, message: passOn },
  CANCELLED: { status: 409, message: passOn },

  // Projects: importing a manuscript (issue 37).
  PROJECT_IMPORT_UNSUPPORTED: {
    status: 415,
    message: 'This file type cannot be imported. Choose a .txt, .md, .epub or .docx file.',
  },
  PROJECT_IMPORT_TOO_LARGE: { status: 413, message: 'The file is too large to import. Files can be up to 50 MB.' },
  PROJECT_IMPORT_CORRUPT: {
    status: 400,
    message: 'The file is damaged or incomplete and cannot be imported. Check the file and try again.',
  },
  PROJECT_IMPORT_DRM: { status: 400, message: 'This EPUB is protected by DRM and cannot be imported.' },
  PROJECT_IMPORT_EMPTY: { status: 400, message: 'This document has no text to import.' },
  PROJECT_TOO_LONG: { status: 400, message: 'A project can have at most 2,000,000 characters.' },
  PROJECT_TOO_MANY_CHAPTERS: { status: 400, message: 'A project can have at most 200 chapters.' },
  // Projects: the editor, renders and exports (issue 37).
  PROJECT_NOT_FOUND: { status: 404, message: 'Project not found.' },
  CHAPTER_NOT_FOUND: { status: 404, message: 'Chapter not found.' },
  BLOCK_NOT_FOUND: { status: 404, message: 'Block not found.' },
  CHAPTER_SPLIT_AT_START: { status: 400, message: 'Choose a paragraph after the first one to split the chapter at.' },
  CHAPTER_IS_LAST: { status: 409, message: 'This is the last chapter: there is no next chapter to merge into it.' },
  CHAPTER_ORDER_MISMATCH: { status: 400, message: 'The new order must list every chapter of the project once.' },
  PROJECT_RENDERS_BUSY: {
    status: 429,
    message: 'Other projects are still rendering. Please wait for one of them to finish.',
  },
  PROJECT_NOT_RENDERED: { status: 409, message: 'Render every paragraph of the project before exporting it.' },

  // Pronunciation dictionaries (domains/pronunciation).
  // The id is not repeated: another user's dictionary must read exactly like a missing one.
  PRONUNCIATION_DICTIONARY_NOT_FOUND: { status: 404, message: 'Pronunciation dictionary not found.' },
  PRONUNCIATION_VERSION_NOT_FOUND: { status: 404, message: 'This pronunciation dictionary has no such version.' },
  PRONUNCIATION_PHONEME_UNREADABLE: {
    status: 400,
    message: (word: string, problem: string) => `The phonemes for "${word}" cannot be read: ${problem}.`,
  },
  PRONUNCIATION_TOO_MANY_RULES: {
    status: 400,
    message: (most: number) => `A pronunciation dictionary holds at most ${most} rules.`,
  },
  PRONUNCIATION_TOO_MANY_DICTIONARIES: {
    status: 400,
    message: (most: number) => `At most ${most} pronunciation dictionaries may be applied to one request.`,
  },
  PLS_UNREADABLE: { status: 400, message: (reason: string) => `The PLS file cannot be read: ${reason}.` },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** What a code's message needs: nothing for a fixed text, else the data its text is made from. */
export type MessageArgs<C extends ErrorCode> = (typeof ERROR_CODES)[C]['message'] extends (...args: infer A) => string
  ? A
  : [];

export const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(ERROR_CODES, value);

/** The words for a code, from the data its text carries. */
export function errorMessage<C extends ErrorCode>(code: C, ...args: MessageArgs<C>): string {
  const { message } = ERROR_CODES[code];
  if (typeof message === 'string') return message;
  // The registry's entry for C takes exactly MessageArgs<C>; TypeScript cannot follow C through
  // the lookup, so the function is called through a looser view of itself.
  return (message as (...data: unknown[]) => string)(...args);
}

/** The code whose fixed text this is, if any: how a validator's spec message keeps its own code. */
export function codeOfMessage(message: string): ErrorCode | null {
  for (const [code, entry] of Object.entries(ERROR_CODES)) {
    if (entry.message === message && isErrorCode(code)) return code;
  }
  return null;
}
