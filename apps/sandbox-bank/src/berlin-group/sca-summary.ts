import { displayAmount, displayIban } from '#libs/domain';
import { storedConsent } from './consents.service.js';
import { storedPayment } from './xs2a-representations.js';
import type { Xs2aResource } from './xs2a-resource.store.js';

type Json = Readonly<Record<string, unknown>>;

function obj(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** What the user is asked to agree to on the SCA page, as label/value rows (the page escapes them). */
export function scaSummary(resource: Xs2aResource): Array<readonly [string, string]> {
  if (resource.kind === 'bg-ais-consent') {
    const { access, validUntil } = storedConsent(resource);
    const share =
      access.kind === 'allPsd2'
        ? 'All your accounts, balances and transactions'
        : access.kind === 'availableAccounts'
          ? 'The list of your accounts'
          : 'The accounts you choose';
    return [
      ['Share', share],
      ['Until', validUntil],
    ];
  }
  const { payment, amount, currency, product } = storedPayment(resource);
  const creditor = obj(payment['creditorAccount']);
  const iban = text(creditor['iban']);
  return [
    ['Amount', displayAmount(amount, currency)],
    ['Pay to', text(payment['creditorName'])],
    ['Account', iban === '' ? text(creditor['bban']) : displayIban(iban)],
    ['Reference', text(payment['remittanceInformationUnstructured'])],
    ['Product', product],
    ...(payment['requestedExecutionDate'] === undefined
      ? []
      : [['On', text(payment['requestedExecutionDate'])] as const]),
    ...(resource.kind === 'bg-periodic-payment'
      ? [
          ['How often', text(payment['frequency'])] as const,
          ['From', text(payment['startDate'])] as const,
          ['Until', payment['endDate'] === undefined ? 'Cancelled' : text(payment['endDate'])] as const,
        ]
      : []),
  ];
}
