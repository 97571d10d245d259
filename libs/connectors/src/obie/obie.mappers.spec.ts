import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnknownBankStatusError } from '../bank-status-codes.js';
import { BANK_OUTCOMES, FINAL_BANK_OUTCOMES, type BankOutcome } from '../bank-types.js';
import {
  ACCOUNT_ACCESS_CONSENT_STATUS_OUTCOMES,
  OB_ACCOUNT_ACCESS_CONSENT_STATUSES,
  OB_PAYMENT_CONSENT_STATUSES,
  OB_PAYMENT_STATUSES,
  OB_SCHEDULED_PAYMENT_STATUSES,
  OB_VRP_CONSENT_STATUSES,
  PAYMENT_CONSENT_STATUS_OUTCOMES,
  PAYMENT_STATUS_OUTCOMES,
  SCHEDULED_PAYMENT_STATUS_OUTCOMES,
  VRP_CONSENT_STATUS_OUTCOMES,
  mapAccountAccessConsentStatus,
  mapPaymentConsentStatus,
  mapPaymentStatus,
  mapScheduledPaymentStatus,
  mapVrpConsentStatus,
  rejectionOutcome,
} from './obie.mappers.js';

interface CodeSet {
  readonly name: string;
  readonly codes: readonly string[];
  readonly table: Readonly<Record<string, BankOutcome>>;
  readonly map: (status: unknown) => { status: string; outcome: BankOutcome };
  /** Codes that end the resource's journey (for consents: the set-up). */
  readonly final: readonly string[];
}

const CODE_SETS: readonly CodeSet[] = [
  {
    name: 'OBTransactionIndividualStatus1Code',
    codes: OB_PAYMENT_STATUSES,
    table: PAYMENT_STATUS_OUTCOMES,
    map: mapPaymentStatus,
    final: ['Rejected', 'AcceptedSettlementCompleted', 'AcceptedCreditSettlementCompleted'],
  },
  {
    name: 'OBExternalStatus1Code',
    codes: OB_SCHEDULED_PAYMENT_STATUSES,
    table: SCHEDULED_PAYMENT_STATUS_OUTCOMES,
    map: mapScheduledPaymentStatus,
    final: ['InitiationCompleted', 'InitiationFailed', 'Cancelled'],
  },
  {
    name: 'OBExternalConsentStatus1Code',
    codes: OB_PAYMENT_CONSENT_STATUSES,
    table: PAYMENT_CONSENT_STATUS_OUTCOMES,
    map: mapPaymentConsentStatus,
    final: ['Rejected'],
  },
  // An Authorised VRP consent is a mandate in force: its set-up is complete.
  {
    name: 'VRP consent status',
    codes: OB_VRP_CONSENT_STATUSES,
    table: VRP_CONSENT_STATUS_OUTCOMES,
    map: mapVrpConsentStatus,
    final: ['Authorised', 'Rejected'],
  },
  {
    name: 'OBExternalRequestStatus1Code',
    codes: OB_ACCOUNT_ACCESS_CONSENT_STATUSES,
    table: ACCOUNT_ACCESS_CONSENT_STATUS_OUTCOMES,
    map: mapAccountAccessConsentStatus,
    // Authorised ends the set-up: only a revocation changes it afterwards.
    final: ['Authorised', 'Rejected', 'Revoked'],
  },
];

describe.each(CODE_SETS)('$name', ({ codes, table, map, final }) => {
  it('maps exactly the codes of the set, no more and no fewer', () => {
    expect(Object.keys(table).sort()).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(codes)('maps %s to a gateway outcome', (code) => {
    const { status, outcome } = map(code);
    expect(status).toBe(code);
    expect(BANK_OUTCOMES).toContain(outcome);
    expect(outcome).toBe(table[code]);
  });

  it('maps the final codes to final outcomes and no other', () => {
    for (const code of codes) expect(FINAL_BANK_OUTCOMES.has(map(code).outcome)).toBe(final.includes(code));
  });

  it('property: any value is either a code of the set (mapped by the table) or refused', () => {
    const anyValue = fc.oneof(
      fc.constantFrom(...codes),
      fc.string(),
      fc.constantFrom('pending', 'ACCEPTED', 'Authorised ', '__proto__', 'toString', 'constructor'),
      fc.anything(),
    );
    fc.assert(
      fc.property(anyValue, (value) => {
        if (typeof value === 'string' && codes.includes(value)) {
          expect(map(value).outcome).toBe(table[value]);
        } else {
          expect(() => map(value)).toThrow(UnknownBankStatusError);
        }
      }),
    );
  });
});

describe('the statuses the sandbox bank and the brief name', () => {
  it('covers every ISO 20022 status a domestic payment or VRP may have', () => {
    expect([...OB_PAYMENT_STATUSES].sort()).toEqual(
      [
        'AcceptedCreditSettlementCompleted',
        'AcceptedSettlementCompleted',
        'AcceptedSettlementInProcess',
        'AcceptedWithoutPosting',
        'Pending',
        'Rejected',
      ].sort(),
    );
    expect(mapPaymentStatus('AcceptedSettlementCompleted').outcome).toBe('COMPLETED');
    expect(mapPaymentStatus('Pending').outcome).toBe('PENDING');
    expect(mapPaymentStatus('Rejected').outcome).toBe('REJECTED');
  });

  it('covers the payment consent statuses', () => {
    expect([...OB_PAYMENT_CONSENT_STATUSES].sort()).toEqual(
      ['AwaitingAuthorisation', 'Authorised', 'Consumed', 'Rejected'].sort(),
    );
  });
});

describe('rejectionOutcome', () => {
  it('recognises insufficient funds by the ISO 20022 reason AM04 or its words', () => {
    expect(
      rejectionOutcome({
        statusReason: 'ProprietaryRejection',
        description: 'AM04: Insufficient funds in the debtor account.',
      }),
    ).toBe('REJECTED_INSUFFICIENT_FUNDS');
    expect(rejectionOutcome({ status: 'AM04' })).toBe('REJECTED_INSUFFICIENT_FUNDS');
    expect(rejectionOutcome({ description: 'insufficient  funds' })).toBe('REJECTED_INSUFFICIENT_FUNDS');
  });

  it('leaves any other rejection, or an unknown reason, a plain rejection', () => {
    expect(rejectionOutcome(undefined)).toBe('REJECTED');
    expect(rejectionOutcome({ statusReason: 'ProprietaryRejection', description: 'MS03: Rejected by the bank.' })).toBe(
      'REJECTED',
    );
    expect(rejectionOutcome({ description: 'CAM04X' })).toBe('REJECTED');
  });
});
