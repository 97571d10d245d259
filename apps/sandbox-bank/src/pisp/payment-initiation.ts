import {
  accountAt,
  amountAt,
  dateTimeAt,
  objectAt,
  optionalObjectAt,
  optionalTextAt,
  textAt,
  type Json,
} from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import { checkReadRefundAccount } from '../payments/consent-checks.js';

export type PaymentConsentKind = 'domestic-payment' | 'domestic-scheduled-payment';

export interface ValidInitiation {
  readonly initiation: Json;
  readonly amount: string;
  readonly currency: string;
  readonly executeAt?: Date;
}

/**
 * Checks Data.Initiation: OBDomestic2 for a domestic payment, OBDomesticScheduled2 (with
 * RequestedExecutionDateTime) for a scheduled one.
 */
export function validInitiation(data: Json, kind: PaymentConsentKind): ValidInitiation {
  const path = 'Data.Initiation';
  const initiation = objectAt(data, 'Initiation', path);
  textAt(initiation, 'InstructionIdentification', `${path}.InstructionIdentification`, 35);
  if (kind === 'domestic-payment') textAt(initiation, 'EndToEndIdentification', `${path}.EndToEndIdentification`, 35);
  else optionalTextAt(initiation, 'EndToEndIdentification', `${path}.EndToEndIdentification`, 35);
  optionalTextAt(initiation, 'LocalInstrument', `${path}.LocalInstrument`, 50);
  const amount = amountAt(initiation, 'InstructedAmount', `${path}.InstructedAmount`);
  if (initiation['DebtorAccount'] !== undefined) accountAt(initiation, 'DebtorAccount', `${path}.DebtorAccount`, false);
  accountAt(initiation, 'CreditorAccount', `${path}.CreditorAccount`, true);
  const remittance = optionalObjectAt(initiation, 'RemittanceInformation', `${path}.RemittanceInformation`);
  if (remittance !== undefined) {
    optionalTextAt(remittance, 'Unstructured', `${path}.RemittanceInformation.Unstructured`, 140);
    optionalTextAt(remittance, 'Reference', `${path}.RemittanceInformation.Reference`, 35);
  }
  const executeAt =
    kind === 'domestic-scheduled-payment'
      ? dateTimeAt(initiation, 'RequestedExecutionDateTime', `${path}.RequestedExecutionDateTime`)
      : undefined;
  return {
    initiation,
    amount: amount.Amount,
    currency: amount.Currency,
    ...(executeAt === undefined ? {} : { executeAt }),
  };
}

/** Data.ReadRefundAccount and, for scheduled consents, Data.Permission. */
export function validConsentData(data: Json, kind: PaymentConsentKind): void {
  checkReadRefundAccount(data);
  if (kind === 'domestic-scheduled-payment' && textAt(data, 'Permission', 'Data.Permission', 10) !== 'Create') {
    throw ObieError.badRequest('UK.OBIE.Field.Invalid', 'Data.Permission must be Create.', 'Data.Permission');
  }
}
