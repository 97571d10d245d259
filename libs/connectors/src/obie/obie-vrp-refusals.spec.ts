import { describe, expect, it } from 'vitest';
import { VRP_REFUSALS } from '../capabilities/vrp.js';
import {
  OB_ERROR_CODES,
  OB_VRP_STATUS_REASONS,
  VRP_REFUSALS_BY_ERROR_CODE,
  VRP_STATUS_REASON_TEXTS,
  rejectionOutcome,
  vrpRefusalFor,
  vrpStatusReasonText,
} from './obie.mappers.js';

describe('VRP refusals by OBError1 ErrorCode', () => {
  it('maps every code of the set, and nothing else, to a refusal', () => {
    expect(Object.keys(VRP_REFUSALS_BY_ERROR_CODE).sort()).toEqual([...OB_ERROR_CODES].sort());
    for (const refusal of Object.values(VRP_REFUSALS_BY_ERROR_CODE)) expect(VRP_REFUSALS).toContain(refusal);
  });

  it.each([
    [401, 'UK.OBIE.Header.Invalid', 'CONSENT_REVOKED'],
    [401, undefined, 'CONSENT_REVOKED'],
    [400, 'UK.OBIE.Rules.FailsControlParameters', 'CONTROL_PARAMETERS'],
    [400, 'UK.OBIE.Resource.InvalidConsentStatus', 'CONSENT_NOT_ACTIVE'],
    [400, 'UK.OBIE.Resource.NotFound', 'CONSENT_NOT_ACTIVE'],
    [400, 'UK.OBIE.Reauthenticate', 'CONSENT_REVOKED'],
    [400, 'UK.OBIE.Resource.ConsentMismatch', 'CONSENT_MISMATCH'],
    [400, 'UK.OBIE.Unsupported.LocalInstrument', 'UNSUPPORTED'],
    [400, 'UK.OBIE.Field.Missing', 'INVALID_REQUEST'],
    [403, 'UK.BANK.SomethingElse', 'INVALID_REQUEST'],
  ] as const)('HTTP %i with %s is %s', (status, code, refusal) => {
    expect(vrpRefusalFor(status, code)).toBe(refusal);
  });
});

describe('VRP status reasons (OBVRPStatusReasonCode)', () => {
  it('has a text for every code; another code is passed on as given', () => {
    expect(Object.keys(VRP_STATUS_REASON_TEXTS).sort()).toEqual([...OB_VRP_STATUS_REASONS].sort());
    expect(vrpStatusReasonText('UK.BANK.Limit')).toBe('UK.BANK.Limit');
  });

  it('an AM04 description under OtherReason is a rejection for insufficient funds', () => {
    expect(
      rejectionOutcome({
        statusReason: vrpStatusReasonText('UK.OBIE.OtherReason'),
        description: 'AM04: Insufficient funds in the debtor account.',
      }),
    ).toBe('REJECTED_INSUFFICIENT_FUNDS');
    expect(rejectionOutcome({ statusReason: vrpStatusReasonText('UK.OBIE.ExemptionNotApplied') })).toBe('REJECTED');
  });
});
