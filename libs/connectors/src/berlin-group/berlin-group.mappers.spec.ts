import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnknownBankStatusError } from '../bank-status-codes.js';
import { BANK_OUTCOMES, FINAL_BANK_OUTCOMES, type BankOutcome } from '../bank-types.js';
import {
  CONSENT_STATUSES,
  CONSENT_STATUS_OUTCOMES,
  SCA_STATUSES,
  SCA_STATUS_PHASES,
  TRANSACTION_STATUSES,
  TRANSACTION_STATUS_OUTCOMES,
  mapConsentStatus,
  mapScaStatus,
  mapTransactionStatus,
  paymentOutcome,
  rejectionOutcome,
  type ScaPhase,
} from './berlin-group.mappers.js';

const ODD_VALUES = fc.oneof(
  fc.string(),
  fc.constantFrom('rcvd', 'ACSC ', 'Finalised', '__proto__', 'toString', 'constructor', 'hasOwnProperty'),
  fc.anything(),
);

describe('transactionStatus', () => {
  it('maps exactly the XS2A codes the brief and the standard name, no more and no fewer', () => {
    expect([...TRANSACTION_STATUSES].sort()).toEqual([
      'ACCC',
      'ACCP',
      'ACFC',
      'ACSC',
      'ACSP',
      'ACTC',
      'ACTV',
      'ACWC',
      'ACWP',
      'CANC',
      'PART',
      'PATC',
      'PDNG',
      'RCVD',
      'RJCT',
    ]);
    expect(Object.keys(TRANSACTION_STATUS_OUTCOMES).sort()).toEqual([...TRANSACTION_STATUSES].sort());
  });

  it.each(Object.entries(TRANSACTION_STATUS_OUTCOMES))('%s -> %s', (code, outcome) => {
    expect(mapTransactionStatus(code)).toEqual({ status: code, outcome });
    expect(BANK_OUTCOMES).toContain(outcome);
  });

  it('is final for settled, rejected and cancelled payments only', () => {
    const final = TRANSACTION_STATUSES.filter((code) => FINAL_BANK_OUTCOMES.has(TRANSACTION_STATUS_OUTCOMES[code]));
    expect(final.sort()).toEqual(['ACCC', 'ACSC', 'CANC', 'RJCT']);
  });

  it('property: any value is a code of the set or an UnknownBankStatusError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...TRANSACTION_STATUSES), ODD_VALUES), (value) => {
        if (typeof value === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(value))
          expect(mapTransactionStatus(value).status).toBe(value);
        else expect(() => mapTransactionStatus(value)).toThrow(UnknownBankStatusError);
      }),
    );
  });
});

describe('scaStatus', () => {
  it('has a phase for every code of the standard', () => {
    expect(Object.keys(SCA_STATUS_PHASES).sort()).toEqual([...SCA_STATUSES].sort());
    expect(SCA_STATUS_PHASES).toEqual({
      received: 'identification',
      psuIdentified: 'authentication',
      psuAuthenticated: 'method-selection',
      scaMethodSelected: 'challenge',
      started: 'challenge',
      unconfirmed: 'confirmation',
      finalised: 'done',
      exempted: 'done',
      failed: 'failed',
    });
  });

  it('refuses codes outside the set', () => {
    fc.assert(
      fc.property(ODD_VALUES, (value) => {
        if (typeof value === 'string' && (SCA_STATUSES as readonly string[]).includes(value)) return;
        expect(() => mapScaStatus(value)).toThrow(UnknownBankStatusError);
      }),
    );
    expect(mapScaStatus('psuIdentified')).toEqual({ status: 'psuIdentified', phase: 'authentication' });
  });
});

describe('consentStatus', () => {
  it.each(CONSENT_STATUSES)('maps %s', (code) => {
    expect(mapConsentStatus(code).outcome).toBe(CONSENT_STATUS_OUTCOMES[code]);
  });

  it('only a valid consent completes the set-up', () => {
    expect(CONSENT_STATUSES.filter((code) => CONSENT_STATUS_OUTCOMES[code] === 'COMPLETED')).toEqual(['valid']);
    expect(() => mapConsentStatus('VALID')).toThrow(UnknownBankStatusError);
  });
});

describe('paymentOutcome', () => {
  const phases: readonly (ScaPhase | undefined)[] = [
    undefined,
    'identification',
    'authentication',
    'method-selection',
    'challenge',
    'confirmation',
    'done',
    'failed',
  ];

  it('while the SCA is under way, a payment that is not final awaits authorisation whatever its early status', () => {
    for (const phase of [
      'identification',
      'authentication',
      'method-selection',
      'challenge',
      'confirmation',
    ] as const) {
      expect(paymentOutcome('AWAITING_AUTHORISATION', phase, 'embedded')).toBe('AWAITING_AUTHORISATION');
      expect(paymentOutcome('PENDING', phase, 'redirect')).toBe('AWAITING_AUTHORISATION');
      expect(paymentOutcome('REJECTED', phase, 'redirect')).toBe('REJECTED');
    }
  });

  it('a payment accepted for execution has been authorised, even if the authorisation read before it lagged', () => {
    for (const phase of ['authentication', 'confirmation'] as const) {
      expect(paymentOutcome('PROCESSING', phase, 'decoupled')).toBe('PROCESSING');
      expect(paymentOutcome('COMPLETED', phase, 'redirect')).toBe('COMPLETED');
    }
  });

  it('a failed SCA is the user declining (redirect, decoupled) or a failed authentication (embedded)', () => {
    expect(paymentOutcome('REJECTED', 'failed', 'redirect')).toBe('DECLINED');
    expect(paymentOutcome('AWAITING_AUTHORISATION', 'failed', 'decoupled')).toBe('DECLINED');
    expect(paymentOutcome('REJECTED', 'failed', 'embedded')).toBe('FAILED');
    expect(paymentOutcome('CANCELED', 'failed', 'redirect')).toBe('CANCELED');
  });

  it('after SCA the transaction status decides; RCVD then means received and pending', () => {
    expect(paymentOutcome('COMPLETED', 'done', 'embedded')).toBe('COMPLETED');
    expect(paymentOutcome('PROCESSING', 'done', 'decoupled')).toBe('PROCESSING');
    expect(paymentOutcome('AWAITING_AUTHORISATION', 'done', 'redirect')).toBe('PENDING');
    expect(paymentOutcome('AWAITING_AUTHORISATION', undefined, 'redirect')).toBe('AWAITING_AUTHORISATION');
  });

  it('property: always a gateway outcome, and a final transaction status stays final', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRANSACTION_STATUSES),
        fc.constantFrom(...phases),
        fc.constantFrom('redirect', 'decoupled', 'embedded' as const),
        (code, phase, approach) => {
          const transaction: BankOutcome = TRANSACTION_STATUS_OUTCOMES[code];
          const outcome = paymentOutcome(transaction, phase, approach);
          expect(BANK_OUTCOMES).toContain(outcome);
          if (FINAL_BANK_OUTCOMES.has(transaction)) expect(FINAL_BANK_OUTCOMES.has(outcome)).toBe(true);
        },
      ),
    );
  });
});

describe('rejectionOutcome', () => {
  it('recognises insufficient funds by fundsAvailable false, AM04 or the words', () => {
    expect(rejectionOutcome(false, [])).toBe('REJECTED_INSUFFICIENT_FUNDS');
    expect(rejectionOutcome(undefined, ['AM04: Insufficient funds in the debtor account.'])).toBe(
      'REJECTED_INSUFFICIENT_FUNDS',
    );
    expect(rejectionOutcome(undefined, ['FUNDS_NOT_AVAILABLE'])).toBe('REJECTED_INSUFFICIENT_FUNDS');
  });

  it('leaves any other rejection a plain rejection', () => {
    expect(rejectionOutcome(true, ['MS03: Rejected by the bank.'])).toBe('REJECTED');
    expect(rejectionOutcome(undefined, ['CAM04X'])).toBe('REJECTED');
  });
});
