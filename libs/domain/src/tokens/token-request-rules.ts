import { checkExecutionDate, parseCalendarDate } from '../shared/execution-date.js';
import { fieldProblem, type FieldProblem } from '../shared/field-problem.js';
import { DESTINATION_NETWORKS, SETTLEMENT_DESTINATION } from './token-request-payload.js';
import type { TokenRequestPayloadInput } from './token-request-payload.js';

/**
 * The rules of POST /token-requests that the request's shape does not already say: which body,
 * which destination network, the dates and the requested expiry. Messages are phrases that read
 * after the field's name, as every field rule of the gateway.
 */

export const TOKEN_REQUEST_DESCRIPTION_MAX_LENGTH = 255;

/** The bodies a token request payload carries exactly one of; the body decides the request's kind. */
export const TOKEN_REQUEST_BODIES = ['transferBody', 'standingOrderBody', 'accessBody'] as const;
export type TokenRequestBody = (typeof TOKEN_REQUEST_BODIES)[number];

/** What account-information access a request may ask for (accessBody.resourceTypeList.resources). */
export const ACCESS_RESOURCE_TYPES = [
  'ACCOUNTS',
  'BALANCES',
  'TRANSACTIONS',
  'TRANSFER_DESTINATIONS',
  'STANDING_ORDERS',
] as const;
export type AccessResourceType = (typeof ACCESS_RESOURCE_TYPES)[number];

/** The interface's TransferDestinationType. */
export const TRANSFER_DESTINATION_TYPES = ['UNKNOWN', 'BUSINESS', 'PERSONAL'] as const;

/** Destination kinds of the interface the gateway does not pay to. */
export const UNSUPPORTED_DESTINATIONS = {
  token:
    'is not supported: pay to a bank account keyed by its network (sepa, fasterPayments, ...) or to a settlement account (virtualAccount)',
} as const;

/** Which of the three bodies a payload object carries (null counts as absent). */
export function bodiesOf(payload: object): TokenRequestBody[] {
  const record = payload as Readonly<Record<string, unknown>>;
  return TOKEN_REQUEST_BODIES.filter((body) => record[body] !== undefined && record[body] !== null);
}

/** The problem of a payload object with no body (several bodies are reported at each body). */
export function checkOneBody(payload: object): string | undefined {
  return bodiesOf(payload).length === 0
    ? `must have exactly one of ${TOKEN_REQUEST_BODIES.join(', ')} (it has none)`
    : undefined;
}

/** The problem of `body` given beside another body, or undefined. */
export function checkOnlyBody(body: TokenRequestBody, payload: object): string | undefined {
  const others = bodiesOf(payload).filter((other) => other !== body);
  return others.length === 0
    ? undefined
    : `must not be given together with ${others.join(' and ')}: a token request carries exactly one of ${TOKEN_REQUEST_BODIES.join(', ')}`;
}

/** The networks (and unsupported destination kinds) a destination object is keyed by. */
export function networksOf(destination: object): string[] {
  const record = destination as Readonly<Record<string, unknown>>;
  return [...DESTINATION_NETWORKS, SETTLEMENT_DESTINATION, ...Object.keys(UNSUPPORTED_DESTINATIONS)].filter(
    (network) => record[network] !== undefined && record[network] !== null,
  );
}

/** A destination without any network object. */
export function checkDestinationHasNetwork(destination: object): string | undefined {
  return networksOf(destination).length === 0
    ? `must have one account object keyed by its network: ${[...DESTINATION_NETWORKS, SETTLEMENT_DESTINATION].join(', ')}`
    : undefined;
}

/** The problem of `network` given beside another network in the same destination. */
export function checkOnlyNetwork(network: string, destination: object): string | undefined {
  const others = networksOf(destination).filter((other) => other !== network);
  return others.length === 0
    ? undefined
    : `must be the destination's only network (it also has ${others.join(', ')}): one destination, one account`;
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

export function checkCountryCode(value: string): string | undefined {
  return COUNTRY_CODE.test(value) ? undefined : 'must be a two-letter upper-case country code (ISO 3166-1 alpha-2)';
}

const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;

/** A standing order date as YYYY-MM-DD, from YYYY-MM-DD or YYYYMMDD; undefined when it is neither or no such day exists. */
export function standingOrderDate(value: string): string | undefined {
  const compact = COMPACT_DATE.exec(value);
  const iso = compact === null ? value : `${compact[1] ?? ''}-${compact[2] ?? ''}-${compact[3] ?? ''}`;
  return parseCalendarDate(iso) === undefined ? undefined : iso;
}

/** startDate and endDate of a standing order: a real day in the form YYYY-MM-DD or YYYYMMDD. */
export function checkStandingOrderDate(value: string): string | undefined {
  return standingOrderDate(value) === undefined
    ? 'must be a calendar date in the form YYYY-MM-DD or YYYYMMDD'
    : undefined;
}

/** endDate after startDate (when startDate is a valid date; its own rule reports it otherwise). */
export function checkEndDateAfterStart(endDate: string, startDate: unknown): string | undefined {
  const end = standingOrderDate(endDate);
  const start = typeof startDate === 'string' ? standingOrderDate(startDate) : undefined;
  if (end === undefined || start === undefined) return undefined;
  return end > start ? undefined : `must be after startDate (${start})`;
}

const EPOCH_MS = /^\d{1,15}$/;

/** tokenExpiration: Unix epoch milliseconds as a string of digits. */
export function checkTokenExpiration(value: string): string | undefined {
  return EPOCH_MS.test(value)
    ? undefined
    : 'must be Unix epoch milliseconds as a string of digits, such as "1767225600000"';
}

/** The gateway's UTC date of `now`, YYYY-MM-DD. */
export function utcDateOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The rules that need the gateway's clock (checked when the request is stored, after its shape):
 * an executionDate from today up to a year ahead, a standing order starting today or later, and
 * a requested access expiry in the future. Paths are full (`requestPayload.transferBody.executionDate`).
 */
export function tokenRequestTimeProblems(payload: TokenRequestPayloadInput, now: Date): FieldProblem[] {
  const today = utcDateOf(now);
  const problems: FieldProblem[] = [];
  const executionDate = payload.transferBody?.executionDate;
  if (executionDate !== undefined) {
    const problem = checkExecutionDate(executionDate, today);
    if (problem !== undefined) problems.push(fieldProblem('requestPayload.transferBody.executionDate', problem));
  }
  const startDate = payload.standingOrderBody?.startDate;
  const start = startDate === undefined ? undefined : standingOrderDate(startDate);
  if (start !== undefined && start < today)
    problems.push(
      fieldProblem('requestPayload.standingOrderBody.startDate', `must not be in the past (today is ${today})`),
    );
  const expiration = payload.tokenExpiration;
  if (expiration !== undefined && EPOCH_MS.test(expiration) && Number(expiration) <= now.getTime())
    problems.push(
      fieldProblem('requestPayload.tokenExpiration', `must be in the future (now is ${String(now.getTime())})`),
    );
  return problems;
}
