import { displayAmount, displayObieAccount } from '#libs/domain';
import type { Consent } from '../store/consent.store.js';

type Json = Record<string, unknown>;

function obj(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function money(value: unknown): string {
  const amount = obj(value);
  return displayAmount(text(amount['Amount']), text(amount['Currency']));
}

/** The payee's rows: the name (`CreditorAccount.Name`) and the account as people read it. */
function payee(value: unknown, label: string): Array<readonly [string, string]> {
  const acc = obj(value);
  return [
    [label, text(acc['Name'])],
    ['Account', displayObieAccount(text(acc['SchemeName']), text(acc['Identification']))],
  ];
}

/** What the user is asked to agree to, as label/value rows (plain text; the page escapes it). */
export function consentSummary(consent: Consent): Array<readonly [string, string]> {
  const data = obj(obj(consent.request)['Data']);
  const initiation = obj(data['Initiation']);
  const reference = text(obj(initiation['RemittanceInformation'])['Reference']);
  switch (consent.kind) {
    case 'domestic-payment':
    case 'domestic-scheduled-payment':
      return [
        ['Amount', money(initiation['InstructedAmount'])],
        ...payee(initiation['CreditorAccount'], 'Pay to'),
        ['Reference', reference],
        ...(consent.kind === 'domestic-scheduled-payment'
          ? [['On', text(initiation['RequestedExecutionDateTime'])] as const]
          : []),
      ];
    case 'domestic-standing-order':
      return [
        ['Amount', money(initiation['FirstPaymentAmount'])],
        ...payee(initiation['CreditorAccount'], 'Pay to'),
        ['Reference', text(initiation['Reference'])],
        ['How often', text(initiation['Frequency'])],
        ['First payment', text(initiation['FirstPaymentDateTime'])],
        ...(initiation['FinalPaymentDateTime'] === undefined
          ? []
          : [['Final payment', text(initiation['FinalPaymentDateTime'])] as const]),
      ];
    case 'domestic-vrp': {
      const control = obj(data['ControlParameters']);
      const limits = Array.isArray(control['PeriodicLimits']) ? (control['PeriodicLimits'] as unknown[]) : [];
      return [
        ...payee(initiation['CreditorAccount'], 'Recurring payments to'),
        ['Largest payment', money(control['MaximumIndividualAmount'])],
        ...limits.map(
          (limit) =>
            [
              'Limit',
              `${money(limit)} per ${text(obj(limit)['PeriodType'])} (${text(obj(limit)['PeriodAlignment'])})`,
            ] as const,
        ),
        ['Reference', reference],
      ];
    }
    case 'account-access':
      return [
        ['Share', (Array.isArray(data['Permissions']) ? (data['Permissions'] as unknown[]) : []).map(text).join(', ')],
      ];
    default:
      return [['Consent', consent.id]];
  }
}
