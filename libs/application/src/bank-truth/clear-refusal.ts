import { GatewayError } from '#libs/common';
import {
  BankDeadlineExceededError,
  BankOperationUnsupportedError,
  BankRejectedError,
  BankUnavailableError,
} from '#libs/connectors';

/**
 * The one test of a failed money-moving call: did the bank (or provider) clearly refuse it? A
 * refusal (a 4xx with its reason, an operation it does not offer) ends the resource; anything
 * else (a missed deadline, a 5xx, a reset or lost connection, an unexpected error) is an unknown
 * outcome: the money may have moved, so the resource stays pending and the bank is asked again.
 */
export function isClearRefusal(error: unknown): boolean {
  return error instanceof BankRejectedError || error instanceof BankOperationUnsupportedError;
}

/** What the log and the check keep of an unclear failure (never a secret: messages of typed errors only). */
export function unclearReason(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 512);
  return 'unknown error';
}

/**
 * Whether a failed call was refused by the gateway itself before anything was sent (a request it
 * cannot build: a GatewayError of its own, not a bank's 5xx or deadline). Only a first call may
 * count it as a clear answer: once an earlier call's outcome is unknown, the money may have moved.
 */
export function isRefusedBeforeSending(error: unknown): boolean {
  if (!(error instanceof GatewayError)) return false;
  if (error instanceof BankUnavailableError || error instanceof BankDeadlineExceededError) return false;
  return error.status < 500 || error.code === 'UNIMPLEMENTED';
}
