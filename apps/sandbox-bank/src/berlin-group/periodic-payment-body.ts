import type { Prisma } from '../store/sandbox-db.js';
import { validPaymentBody, type ValidPayment } from './payment-body.js';
import { isObject, textAt } from './request-fields.js';
import { Xs2aError } from './xs2a-error.js';

/** frequencyCode (EventFrequency7Code) as NextGenPSD2 v1.3 lists it. */
export const FREQUENCY_CODES = [
  'Daily',
  'Weekly',
  'EveryTwoWeeks',
  'Monthly',
  'EveryTwoMonths',
  'Quarterly',
  'SemiAnnual',
  'Annual',
  'MonthlyVariable',
] as const;

const EXECUTION_RULES = ['following', 'preceding'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_OF_EXECUTION = /^(0?[1-9]|[12]\d|3[01])$/;

export interface ValidPeriodicPayment extends ValidPayment {
  readonly startDate: string;
  readonly endDate?: string;
  readonly frequency: string;
}

function dateAt(body: Readonly<Record<string, unknown>>, key: string, required: boolean): string | undefined {
  const date = textAt(body, key, key, 10, required);
  if (date !== undefined && (!ISO_DATE.test(date) || Number.isNaN(Date.parse(date))))
    throw Xs2aError.format(`${key} must be an ISO date.`, key);
  return date;
}

/**
 * periodicPaymentInitiation_json as a product takes it: the single payment's fields (without
 * requestedExecutionDate) with startDate (today or later), endDate (not before it), frequency,
 * executionRule and dayOfExecution; `today` is the bank's ISO date.
 */
export function validPeriodicPaymentBody(body: unknown, product: string, today: string): ValidPeriodicPayment {
  if (!isObject(body)) throw Xs2aError.format('The body must be a JSON object.');
  if (body['requestedExecutionDate'] !== undefined)
    throw Xs2aError.format(
      'A periodic payment has a startDate, not a requestedExecutionDate.',
      'requestedExecutionDate',
    );
  const payment = validPaymentBody(body, product, today);
  const startDate = dateAt(body, 'startDate', true) ?? '';
  if (startDate < today) throw new Xs2aError(400, 'EXECUTION_DATE_INVALID', 'startDate is in the past.', 'startDate');
  const endDate = dateAt(body, 'endDate', false);
  if (endDate !== undefined && endDate < startDate)
    throw new Xs2aError(400, 'EXECUTION_DATE_INVALID', 'endDate is before startDate.', 'endDate');
  const frequency = textAt(body, 'frequency', 'frequency', 20, true) ?? '';
  if (!(FREQUENCY_CODES as readonly string[]).includes(frequency))
    throw Xs2aError.format(`frequency must be one of ${FREQUENCY_CODES.join(', ')}.`, 'frequency');
  const rule = textAt(body, 'executionRule', 'executionRule', 10, false);
  if (rule !== undefined && !EXECUTION_RULES.includes(rule))
    throw Xs2aError.format('executionRule must be following or preceding.', 'executionRule');
  const day = textAt(body, 'dayOfExecution', 'dayOfExecution', 2, false);
  if (day !== undefined && !DAY_OF_EXECUTION.test(day))
    throw Xs2aError.format('dayOfExecution must be a day of the month (1 to 31).', 'dayOfExecution');
  return {
    ...payment,
    body: body as Prisma.InputJsonObject,
    startDate,
    ...(endDate === undefined ? {} : { endDate }),
    frequency,
  };
}
