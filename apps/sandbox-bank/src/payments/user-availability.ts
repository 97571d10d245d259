import { scenarioFor } from '../banks/scenario-users.js';
import { ObieError } from '../http/obie-error.js';

/** The sandbox-bank-error scenario: once a user is known, every call about them fails with a 500. */
export function assertUserApiAvailable(username: string | null): void {
  if (username !== null && scenarioFor(username).behaviour === 'server-error') {
    throw ObieError.unexpected(`The bank cannot serve ${username} right now (sandbox scenario).`);
  }
}
