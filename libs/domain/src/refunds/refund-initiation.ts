import type { PaymentAccountFields, PaymentAmount } from '../shared/payment-fields.js';
import { ACCOUNT_FIELDS, checkAccountForRail } from '../shared/account-for-rail.js';
import { checkAmountValue, checkCurrency } from '../shared/amount.js';
import { fieldProblem, underPath, type FieldProblem } from '../shared/field-problem.js';
import { normalizeBic } from '../shared/bic.js';
import { normalizeIban } from '../shared/iban.js';
import { BodyReader, isJsonObject } from '../shared/body-reader.js';
import { checkKeptJson } from '../shared/kept-json.js';

/** The rails a refund may go over (the reference's refund localInstrument enum). */
export const REFUND_RAILS = ['SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS'] as const;
export type RefundRail = (typeof REFUND_RAILS)[number];

export const REFUND_REF_ID_MAX = 18;
export const REFUND_DESCRIPTION_MAX = 140;
export const REFUND_NAME_MAX = 140;
const ID_MAX = 256;

/** A refund's debtor (the member's account the money goes from) or creditor (the payer's account it goes back to). */
export interface RefundParty extends PaymentAccountFields {
  readonly name?: string;
  readonly ultimateDebtorName?: string;
  readonly ultimateCreditorName?: string;
  readonly address?: Readonly<Record<string, unknown>>;
  readonly bankName?: string;
}

/** A refund initiation as the member sent it, checked field by field; debtor and creditor may be left to the registration and the original payment. */
export interface RefundInitiationInput {
  readonly refId: string;
  readonly description?: string;
  readonly amount: PaymentAmount;
  readonly originalPaymentId: string;
  readonly registrationId?: string;
  readonly localInstrument: RefundRail;
  readonly onBehalfOfId?: string;
  readonly debtor?: RefundParty;
  readonly creditor?: RefundParty;
}

const PARTY_TEXT_FIELDS = ['name', 'ultimateDebtorName', 'ultimateCreditorName', 'bankName'] as const;

function normalizeAccountField(field: keyof PaymentAccountFields, value: string): string {
  if (field === 'iban') return normalizeIban(value);
  if (field === 'bic') return normalizeBic(value);
  if (field === 'sortCode') return value.replace(/[-\s]/g, '');
  return value.replace(/\s/g, '');
}

/**
 * A debtor or creditor account for `rail`: the identifiers the rail needs (IBAN for SEPA, sort
 * code and account number for Faster Payments), the optional names and address. Problems are
 * reported under `path`.
 */
export function readRefundParty(
  value: unknown,
  path: string,
  rail: RefundRail | undefined,
  role: 'debtor' | 'creditor',
  reader: { readonly problems: FieldProblem[] } = new BodyReader({ trim: true }),
): RefundParty | undefined {
  const text = new BodyReader({ trim: true });
  if (!isJsonObject(value)) {
    reader.problems.push(fieldProblem(path, 'must be an object'));
    return undefined;
  }
  const party: Record<string, unknown> = {};
  for (const field of ACCOUNT_FIELDS) {
    const given = text.text(value, field, `${path}.${field}`, { required: false, max: 64 });
    if (given !== undefined) party[field] = normalizeAccountField(field, given);
  }
  for (const field of PARTY_TEXT_FIELDS) {
    const given = text.text(value, field, `${path}.${field}`, { required: false, max: REFUND_NAME_MAX });
    if (given !== undefined) party[field] = given;
  }
  if (value['address'] !== undefined) {
    const address = value['address'];
    // Kept as sent: within the bounds of every kept object.
    const bound = isJsonObject(address) ? checkKeptJson(address) : 'must be an object';
    if (bound === undefined) party['address'] = address;
    else text.problems.push(fieldProblem(`${path}.address`, bound));
  }
  if (role === 'creditor' && party['name'] === undefined && !text.problems.some((p) => p.path === `${path}.name`))
    text.problems.push(fieldProblem(`${path}.name`, 'is required', 'required'));
  reader.problems.push(...text.problems);
  if (rail !== undefined) reader.problems.push(...underPath(path, checkAccountForRail(party, rail, { role })));
  return party;
}

/**
 * The refund initiation of a POST /refunds body, or every problem with it (paths from the body:
 * `initiation.refId`, ...). What needs stored data (the original payment, the registration) is
 * checked later.
 */
export function readRefundInitiation(
  body: unknown,
): { readonly input: RefundInitiationInput } | { readonly problems: readonly FieldProblem[] } {
  const reader = new BodyReader({ trim: true });
  if (!isJsonObject(body) || !isJsonObject(body['initiation'])) {
    return { problems: [fieldProblem('initiation', 'is required and must be an object', 'required')] };
  }
  const initiation = body['initiation'];
  const at = (field: string): string => `initiation.${field}`;
  const refId = reader.text(initiation, 'refId', at('refId'), { required: true, max: REFUND_REF_ID_MAX });
  const description = reader.text(initiation, 'description', at('description'), {
    required: false,
    max: REFUND_DESCRIPTION_MAX,
  });
  const originalPaymentId = reader.text(initiation, 'originalPaymentId', at('originalPaymentId'), {
    required: true,
    max: ID_MAX,
  });
  const registrationId = reader.text(initiation, 'registrationId', at('registrationId'), {
    required: false,
    max: ID_MAX,
  });
  const onBehalfOfId = reader.text(initiation, 'onBehalfOfId', at('onBehalfOfId'), { required: false, max: ID_MAX });
  const railText = reader.text(initiation, 'localInstrument', at('localInstrument'), { required: true, max: 64 });
  let rail: RefundRail | undefined;
  if (railText !== undefined) {
    if ((REFUND_RAILS as readonly string[]).includes(railText)) rail = railText as RefundRail;
    else reader.problems.push(fieldProblem(at('localInstrument'), `must be one of ${REFUND_RAILS.join(', ')}`));
  }
  const amount = readAmount(initiation['amount'], at('amount'), reader);
  const debtor =
    initiation['debtor'] === undefined || initiation['debtor'] === null
      ? undefined
      : readRefundParty(initiation['debtor'], at('debtor'), rail, 'debtor', reader);
  const creditor =
    initiation['creditor'] === undefined || initiation['creditor'] === null
      ? undefined
      : readRefundParty(initiation['creditor'], at('creditor'), rail, 'creditor', reader);
  if (
    reader.problems.length > 0 ||
    refId === undefined ||
    originalPaymentId === undefined ||
    rail === undefined ||
    amount === undefined
  )
    return { problems: reader.problems };
  return {
    input: {
      refId,
      amount,
      originalPaymentId,
      localInstrument: rail,
      ...(description === undefined ? {} : { description }),
      ...(registrationId === undefined ? {} : { registrationId }),
      ...(onBehalfOfId === undefined ? {} : { onBehalfOfId }),
      ...(debtor === undefined ? {} : { debtor }),
      ...(creditor === undefined ? {} : { creditor }),
    },
  };
}

function readAmount(value: unknown, path: string, reader: BodyReader): PaymentAmount | undefined {
  if (value === undefined || value === null) {
    reader.problems.push(fieldProblem(path, 'is required', 'required'));
    return undefined;
  }
  if (!isJsonObject(value)) {
    reader.problems.push(fieldProblem(path, 'must be an object with value and currency'));
    return undefined;
  }
  const currency = reader.text(value, 'currency', `${path}.currency`, { required: true, max: 3 });
  const currencyProblem = currency === undefined ? undefined : checkCurrency(currency);
  if (currencyProblem !== undefined) reader.problems.push(fieldProblem(`${path}.currency`, currencyProblem));
  const amountValue = reader.text(value, 'value', `${path}.value`, { required: true, max: 32 });
  if (amountValue === undefined) return undefined;
  const valueProblem = checkAmountValue(amountValue, currencyProblem === undefined ? currency : undefined);
  if (valueProblem !== undefined) {
    reader.problems.push(fieldProblem(`${path}.value`, valueProblem));
    return undefined;
  }
  return currency === undefined || currencyProblem !== undefined ? undefined : { value: amountValue, currency };
}
