/** Why a sealed secret could not be opened. */
export type SecretOpenFailure = 'no-key-encryption-key' | 'unknown-key-encryption-key' | 'malformed' | 'tampered';

/** A sealed value that does not open; the message names what is missing, never the value. */
export class SecretOpenError extends Error {
  constructor(
    readonly reason: SecretOpenFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SecretOpenError';
  }
}
