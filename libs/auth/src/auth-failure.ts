import { GatewayError } from '#libs/common';

/**
 * Authentication failures all answer 401 with the same client message; the precise reason is
 * kept for the log only, so a caller learns nothing about which check failed.
 */
export class AuthFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'AuthFailure';
  }

  /** The 401, with the headers of the failure counter it was counted on (RateLimit-*) when given. */
  toGatewayError(headers?: Readonly<Record<string, string>>): GatewayError {
    return new GatewayError('Unauthenticated', {
      message: 'Authorization is missing or invalid.',
      ...(headers === undefined ? {} : { headers }),
    });
  }
}
