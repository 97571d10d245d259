import type { Prisma } from '../store/sandbox-db.js';
import { isValidIban } from './iban.js';
import { isObject, objectAt, textAt, type Json } from './request-fields.js';
import { Xs2aError } from './xs2a-error.js';

/** Every payment product the sandbox knows; a bank offers some of them (its profile). */
export const KNOWN_PAYMENT_PRODUCTS = [
  'sepa-credit-transfers',
  'instant-sepa-credit-transfers',
  'target-2-payments',
  'cross-border-credit-transfers',
  'domestic-credit-transfers',
  'instant-domestic-credit-transfers',
  'polish-domestic-credit-transfers',
  'swedish-domestic-private-bankgiros',
  'swedish-domestic-private-plusgiros',
] as const;

const SEPA = new Set(['sepa-credit-transfers', 'instant-sepa-credit-transfers']);
const GIRO = new Set(['swedish-domestic-private-bankgiros', 'swedish-domestic-private-plusgiros']);
const AMOUNT = /^\d{1,14}(\.\d{1,2})?$/;

/** accountReference: an IBAN (checked) or a BBAN. */
function accountAt(parent: Json, key: string): { iban?: string; bban?: string } {
  const account = objectAt(parent, key);
  const iban = textAt(account, 'iban', `${key}.iban`, 34, false);
  const bban = textAt(account, 'bban', `${key}.bban`, 30, false);
  if (iban === undefined && bban === undefined) throw Xs2aError.format(`${key} needs an iban or a bban.`, key);
  if (iban !== undefined && !isValidIban(iban))
    throw Xs2aError.format(`${key}.iban is not a valid IBAN.`, `${key}.iban`);
  return { ...(iban === undefined ? {} : { iban }), ...(bban === undefined ? {} : { bban }) };
}

export interface ValidPayment {
  readonly body: Prisma.InputJsonObject;
  readonly amount: string;
  readonly currency: string;
  readonly creditorName: string;
  readonly creditorAccount: string;
  readonly debtorIban?: string;
  readonly remittance?: string;
  /** requestedExecutionDate, when it is after today. */
  readonly executeAt?: Date;
}

/** paymentInitiation_json as a product takes it; `today` is the bank's ISO date. */
export function validPaymentBody(body: unknown, product: string, today: string): ValidPayment {
  if (!isObject(body)) throw Xs2aError.format('The body must be a JSON object.');
  const instructed = objectAt(body, 'instructedAmount');
  const amount = textAt(instructed, 'amount', 'instructedAmount.amount', 17, true) ?? '';
  if (!AMOUNT.test(amount) || Number(amount) <= 0)
    throw Xs2aError.format(
      'instructedAmount.amount must be a positive amount with at most 2 decimals.',
      'instructedAmount.amount',
    );
  const currency = textAt(instructed, 'currency', 'instructedAmount.currency', 3, true) ?? '';
  if (!/^[A-Z]{3}$/.test(currency))
    throw Xs2aError.format('instructedAmount.currency must be an ISO 4217 code.', 'instructedAmount.currency');
  const creditor = accountAt(body, 'creditorAccount');
  const creditorName = textAt(body, 'creditorName', 'creditorName', 70, true) ?? '';
  const debtor = body['debtorAccount'] === undefined ? undefined : accountAt(body, 'debtorAccount');
  textAt(body, 'endToEndIdentification', 'endToEndIdentification', 35, false);
  textAt(body, 'creditorAgent', 'creditorAgent', 11, false);
  const remittance = textAt(body, 'remittanceInformationUnstructured', 'remittanceInformationUnstructured', 140, false);
  if (SEPA.has(product)) {
    if (currency !== 'EUR') throw Xs2aError.format(`${product} are made in EUR.`, 'instructedAmount.currency');
    if (creditor.iban === undefined)
      throw Xs2aError.format(`${product} need the creditor's IBAN.`, 'creditorAccount.iban');
  }
  if (GIRO.has(product) && (creditor.bban === undefined || !/^\d{2,8}$/.test(creditor.bban))) {
    throw Xs2aError.format(
      `${product} need the giro number (2 to 8 digits) as creditorAccount.bban.`,
      'creditorAccount.bban',
    );
  }
  const date = textAt(body, 'requestedExecutionDate', 'requestedExecutionDate', 10, false);
  let executeAt: Date | undefined;
  if (date !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
      throw Xs2aError.format('requestedExecutionDate must be an ISO date.', 'requestedExecutionDate');
    if (date < today)
      throw new Xs2aError(
        400,
        'EXECUTION_DATE_INVALID',
        'requestedExecutionDate is in the past.',
        'requestedExecutionDate',
      );
    if (date > today) executeAt = new Date(`${date}T00:00:00Z`);
  }
  return {
    body: body as Prisma.InputJsonObject,
    amount,
    currency,
    creditorName,
    creditorAccount: creditor.iban ?? creditor.bban ?? '',
    ...(debtor?.iban === undefined ? {} : { debtorIban: debtor.iban }),
    ...(remittance === undefined ? {} : { remittance }),
    ...(executeAt === undefined ? {} : { executeAt }),
  };
}
