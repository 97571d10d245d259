import { describe, expect, it } from 'vitest';
import { UnknownBankStatusError } from '../../bank-status-codes.js';
import { MalformedBankResponseError } from '../../http/bank-json.js';
import {
  PAYEE_CHECK_OUTCOMES,
  PAYEE_CHECK_RESULTS,
  PAYOUT_REASONS,
  PAYOUT_STATUS_OUTCOMES,
  PROVIDER_PAYOUT_REASONS,
  PROVIDER_PAYOUT_STATUSES,
  toPayoutProgress,
  toSettlementAccount,
  toSettlementCredit,
  toVerificationOutcome,
} from './sandbox-settlement.mappers.js';

describe('sandbox settlement payouts', () => {
  it('maps every payout status, each to its payout outcome', () => {
    expect(Object.keys(PAYOUT_STATUS_OUTCOMES).sort()).toEqual([...PROVIDER_PAYOUT_STATUSES].sort());
    expect(PAYOUT_STATUS_OUTCOMES).toEqual({
      PROCESSING: 'PROCESSING',
      SETTLED: 'COMPLETED',
      REJECTED: 'REJECTED',
      FAILED: 'FAILED',
    });
    expect(Object.keys(PAYOUT_REASONS).sort()).toEqual([...PROVIDER_PAYOUT_REASONS].sort());
  });

  it('reads a processing and a settled payout', () => {
    expect(toPayoutProgress({ id: 'PO-1', status: 'PROCESSING' })).toEqual({
      bankPaymentId: 'PO-1',
      outcome: 'PROCESSING',
      bankStatus: 'PROCESSING',
    });
    expect(toPayoutProgress({ id: 'PO-1', status: 'SETTLED' }).outcome).toBe('COMPLETED');
  });

  it('tells a refusal for funds (AM04) from other rejections, with the reason code first', () => {
    expect(toPayoutProgress({ id: 'PO-2', status: 'REJECTED', reasonCode: 'AM04' })).toEqual({
      bankPaymentId: 'PO-2',
      outcome: 'REJECTED_INSUFFICIENT_FUNDS',
      bankStatus: 'REJECTED',
      statusReason: 'AM04: Insufficient funds in the settlement account.',
    });
    expect(toPayoutProgress({ id: 'PO-3', status: 'REJECTED', reasonCode: 'AC04' })).toMatchObject({
      outcome: 'REJECTED',
      statusReason: 'AC04: The creditor account is closed.',
    });
    expect(toPayoutProgress({ id: 'PO-4', status: 'FAILED', reasonCode: 'MS03' })).toMatchObject({
      outcome: 'FAILED',
      statusReason: 'MS03: Reason not specified.',
    });
  });

  it('refuses a status or reason outside the code sets, and an answer without an id', () => {
    expect(() => toPayoutProgress({ id: 'PO-5', status: 'DONE' })).toThrow(UnknownBankStatusError);
    expect(() => toPayoutProgress({ id: 'PO-5', status: 'toString' })).toThrow(UnknownBankStatusError);
    expect(() => toPayoutProgress({ id: 'PO-5', status: 'REJECTED', reasonCode: 'XX99' })).toThrow(
      UnknownBankStatusError,
    );
    expect(() => toPayoutProgress({ status: 'SETTLED' })).toThrow(MalformedBankResponseError);
  });
});

describe('sandbox settlement payee checks', () => {
  it('maps every EPC Verification of Payee code', () => {
    expect(Object.keys(PAYEE_CHECK_OUTCOMES).sort()).toEqual([...PAYEE_CHECK_RESULTS].sort());
    expect(toVerificationOutcome({ result: 'MTCH' })).toEqual({
      status: 'MATCH',
      reasons: ['EXACT_MATCH'],
      details: 'The account details match.',
    });
    expect(toVerificationOutcome({ result: 'CMTC', matchedName: 'Jane Doe' })).toEqual({
      status: 'CLOSE_MATCH',
      reasons: ['NAME_MISMATCH'],
      matchedName: 'Jane Doe',
      details: 'The name provided is a close match.',
    });
    expect(toVerificationOutcome({ result: 'NMTC' })).toMatchObject({ status: 'NO_MATCH', reasons: ['NAME_MISMATCH'] });
    expect(toVerificationOutcome({ result: 'NOAP' })).toMatchObject({
      status: 'VERIFICATION_NOT_POSSIBLE',
      reasons: ['UNKNOWN'],
    });
  });

  it('names the account as well when the provider found no account', () => {
    expect(toVerificationOutcome({ result: 'NMTC', accountFound: false })).toEqual({
      status: 'NO_MATCH',
      reasons: ['ACCOUNT_MISMATCH', 'NAME_MISMATCH'],
      details: 'The account and name do not match.',
    });
  });

  it('refuses a result outside the code set', () => {
    expect(() => toVerificationOutcome({ result: 'MATCH' })).toThrow(UnknownBankStatusError);
  });
});

describe('sandbox settlement accounts and credits', () => {
  it('reads an account with its balances', () => {
    expect(
      toSettlementAccount({
        id: 'SA-1',
        reference: 'va-1',
        status: 'ACTIVE',
        currency: 'EUR',
        country: 'DE',
        name: 'Sandbox Settlement Account',
        iban: 'DE89370400440532013000',
        bic: 'SBXSDEFFSTL',
        balances: { available: '10.00', booked: '12.00', cleared: '12.00' },
      }),
    ).toEqual({
      providerAccountId: 'SA-1',
      status: 'ACTIVE',
      currency: 'EUR',
      country: 'DE',
      accountName: 'Sandbox Settlement Account',
      iban: 'DE89370400440532013000',
      bic: 'SBXSDEFFSTL',
      availableBalance: '10.00',
      bookedBalance: '12.00',
      clearedBalance: '12.00',
    });
    expect(() => toSettlementAccount({ id: 'SA-1', status: 'OPEN', currency: 'EUR', country: 'DE' })).toThrow(
      UnknownBankStatusError,
    );
    expect(() =>
      toSettlementAccount({
        id: 'SA-1',
        status: 'ACTIVE',
        currency: 'EUR',
        country: 'DE',
        balances: { available: 'x' },
      }),
    ).toThrow(MalformedBankResponseError);
  });

  it('reads a credit with its parties and reference', () => {
    expect(
      toSettlementCredit({
        id: 'SC-1',
        accountId: 'SA-1',
        amount: { value: '10.50', currency: 'GBP' },
        createdDateTime: '2026-01-02T10:00:00.000Z',
        description: 'INV-1',
        localInstrument: 'FASTER_PAYMENTS',
        debtor: { name: 'Payer', sortCode: '601234', accountNumber: '12345678' },
        creditor: { name: 'Sandbox Settlement Account', sortCode: '040599', accountNumber: '87654321' },
        refId: 'ref-1',
      }),
    ).toEqual({
      providerPaymentId: 'SC-1',
      amount: { value: '10.50', currency: 'GBP' },
      createdDateTime: '2026-01-02T10:00:00.000Z',
      description: 'INV-1',
      localInstrument: 'FASTER_PAYMENTS',
      debtor: { name: 'Payer', sortCode: '601234', accountNumber: '12345678' },
      creditor: { name: 'Sandbox Settlement Account', sortCode: '040599', accountNumber: '87654321' },
      refId: 'ref-1',
    });
    const bare = { id: 'SC-2', amount: { value: '1.00', currency: 'EUR' }, createdDateTime: '2026-01-02T10:00:00Z' };
    expect(toSettlementCredit(bare)).toEqual({
      providerPaymentId: 'SC-2',
      amount: { value: '1.00', currency: 'EUR' },
      createdDateTime: '2026-01-02T10:00:00Z',
    });
    expect(() => toSettlementCredit({ ...bare, localInstrument: 'BACS' })).toThrow(UnknownBankStatusError);
    expect(() => toSettlementCredit({ ...bare, amount: { value: '1,00', currency: 'EUR' } })).toThrow(
      MalformedBankResponseError,
    );
    expect(() => toSettlementCredit({ ...bare, createdDateTime: 'yesterday' })).toThrow(MalformedBankResponseError);
  });
});
