export type ModelInstallErrorCode =
  | 'UNSUPPORTED_FORMAT'
  | 'BAD_ARCHIVE'
  | 'UNSAFE_ARCHIVE'
  | 'CHECKSUM_MISMATCH'
  | 'UNKNOWN_FAMILY'
  | 'BAD_NAME'
  | 'NOT_IN_CATALOGUE'
  | 'ALREADY_INSTALLED'
  | 'NOT_INSTALLED'
  | 'DOWNLOAD_FAILED'
  | 'DOWNLOAD_STALLED'
  | 'CANCELLED'
  | 'VERIFY_FAILED';

/** Why the model manager refused; the message is written for the operator who asked. */
export class ModelInstallError extends Error {
  constructor(
    readonly code: ModelInstallErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ModelInstallError';
  }
}
