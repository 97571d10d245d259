import {
  accountAt,
  amountAt,
  dateTimeAt,
  objectAt,
  optionalDateTimeAt,
  optionalTextAt,
  textAt,
  type Json,
} from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';

/**
 * The OBIE Frequency grammar (OBDomesticStandingOrder3.Frequency): every day, every working
 * day, every n days, every n weeks on a weekday, a weekday of a week of the month, every n
 * months on a day (negative: from the month's end), or a quarter day.
 */
export const OB_FREQUENCY =
  /^(EvryDay)$|^(EvryWorkgDay)$|^(IntrvlDay:((0[2-9])|([1-2][0-9])|3[0-1]))$|^(IntrvlWkDay:0[1-9]:0[1-7])$|^(WkInMnthDay:0[1-5]:0[1-7])$|^(IntrvlMnthDay:(0[1-6]|12|24):(-0[1-5]|0[1-9]|[12][0-9]|3[01]))$|^(QtrDay:(ENGLISH|SCOTTISH|RECEIVED))$/;

export interface ValidStandingOrder {
  readonly initiation: Json;
  readonly frequency: string;
  /** The first payment's amount (what the order row records). */
  readonly amount: string;
  readonly currency: string;
  readonly firstPaymentAt: Date;
  readonly finalPaymentAt?: Date;
}

/** Checks Data.Initiation of a standing order consent or order: OBDomesticStandingOrder3. */
export function validStandingOrderInitiation(data: Json): ValidStandingOrder {
  const path = 'Data.Initiation';
  const initiation = objectAt(data, 'Initiation', path);
  const frequency = textAt(initiation, 'Frequency', `${path}.Frequency`, 35);
  if (!OB_FREQUENCY.test(frequency))
    throw ObieError.badRequest(
      'UK.OBIE.Field.InvalidFormat',
      `${path}.Frequency is not in the Frequency grammar.`,
      `${path}.Frequency`,
    );
  optionalTextAt(initiation, 'Reference', `${path}.Reference`, 35);
  const count = optionalTextAt(initiation, 'NumberOfPayments', `${path}.NumberOfPayments`, 35);
  if (count !== undefined && !/^[1-9]\d*$/.test(count))
    throw ObieError.badRequest(
      'UK.OBIE.Field.InvalidFormat',
      `${path}.NumberOfPayments must be a positive whole number.`,
      `${path}.NumberOfPayments`,
    );
  const firstPaymentAt = dateTimeAt(initiation, 'FirstPaymentDateTime', `${path}.FirstPaymentDateTime`);
  optionalDateTimeAt(initiation, 'RecurringPaymentDateTime', `${path}.RecurringPaymentDateTime`);
  const finalPaymentAt = optionalDateTimeAt(initiation, 'FinalPaymentDateTime', `${path}.FinalPaymentDateTime`);
  if (count !== undefined && finalPaymentAt !== undefined)
    throw ObieError.badRequest(
      'UK.OBIE.Field.Unexpected',
      `${path}.NumberOfPayments and ${path}.FinalPaymentDateTime cannot both be given.`,
      `${path}.FinalPaymentDateTime`,
    );
  if (finalPaymentAt !== undefined && finalPaymentAt.getTime() < firstPaymentAt.getTime())
    throw ObieError.badRequest(
      'UK.OBIE.Field.InvalidDate',
      `${path}.FinalPaymentDateTime is before ${path}.FirstPaymentDateTime.`,
      `${path}.FinalPaymentDateTime`,
    );
  const first = amountAt(initiation, 'FirstPaymentAmount', `${path}.FirstPaymentAmount`);
  for (const key of ['RecurringPaymentAmount', 'FinalPaymentAmount']) {
    if (initiation[key] === undefined) continue;
    if (amountAt(initiation, key, `${path}.${key}`).Currency !== first.Currency)
      throw ObieError.badRequest(
        'UK.OBIE.Field.Invalid',
        `${path}.${key} must be in the currency of ${path}.FirstPaymentAmount.`,
        `${path}.${key}.Currency`,
      );
  }
  if (initiation['DebtorAccount'] !== undefined) accountAt(initiation, 'DebtorAccount', `${path}.DebtorAccount`, false);
  accountAt(initiation, 'CreditorAccount', `${path}.CreditorAccount`, true);
  return {
    initiation,
    frequency,
    amount: first.Amount,
    currency: first.Currency,
    firstPaymentAt,
    ...(finalPaymentAt === undefined ? {} : { finalPaymentAt }),
  };
}

/** Data.Permission of a standing order consent: Create. */
export function checkStandingOrderPermission(data: Json): void {
  if (textAt(data, 'Permission', 'Data.Permission', 10) !== 'Create')
    throw ObieError.badRequest('UK.OBIE.Field.Invalid', 'Data.Permission must be Create.', 'Data.Permission');
}
