const FALLBACK = 'Something went wrong. Please try again.';

/** The words of a failed request (the server's, from its error codes), or a plain fallback. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : FALLBACK;
