import { GatewayError } from '#libs/common';

/** Longest `request-timeout` accepted, in seconds (a bank call never takes longer than its own deadline anyway). */
export const MAX_REQUEST_TIMEOUT_SECONDS = 300;

/** The `request-timeout` header: whole seconds, 1 to 300; absent when not sent. */
export function parseRequestTimeout(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (
    value === undefined ||
    !/^\d{1,6}$/.test(value.trim()) ||
    Number(value) < 1 ||
    Number(value) > MAX_REQUEST_TIMEOUT_SECONDS
  ) {
    throw GatewayError.invalidField(
      'request-timeout',
      `request-timeout must be a whole number of seconds from 1 to ${MAX_REQUEST_TIMEOUT_SECONDS}.`,
      'Field.InvalidFormat',
    );
  }
  return Number(value);
}
