import { describe, expect, it } from 'vitest';
import {
  MAX_FAILED_ATTEMPTS,
  SANDBOX_OTP,
  SANDBOX_PASSWORD,
  embeddedScaStep,
  readScaInput,
  type ScaState,
} from './sca-rules.js';
import { Xs2aError } from './xs2a-error.js';

const start: ScaState = { scaStatus: 'received', psuId: null, scaMethod: null, failedAttempts: 0 };

describe('reading the authorisation bodies', () => {
  it('recognises credentials, method selection, the one-time code and an empty body', () => {
    expect(readScaInput({ psuData: { password: 'pw' } })).toEqual({ kind: 'credentials', password: 'pw' });
    expect(readScaInput({ authenticationMethodId: 'sms' })).toEqual({ kind: 'method', methodId: 'sms' });
    expect(readScaInput({ scaAuthenticationData: '1' })).toEqual({ kind: 'otp', otp: '1' });
    expect(readScaInput(undefined)).toEqual({ kind: 'none' });
    expect(() => readScaInput({ psuData: { password: 7 } })).toThrow(Xs2aError);
  });
});

describe('the embedded SCA', () => {
  it('goes received -> psuAuthenticated -> scaMethodSelected -> finalised with the right values', () => {
    const authenticated = embeddedScaStep(
      start,
      { kind: 'credentials', password: SANDBOX_PASSWORD },
      'sandbox-success',
    ).next;
    expect(authenticated).toMatchObject({ scaStatus: 'psuAuthenticated', psuId: 'sandbox-success' });
    const selected = embeddedScaStep(authenticated, { kind: 'method', methodId: 'push' }, undefined).next;
    expect(selected).toMatchObject({ scaStatus: 'scaMethodSelected', scaMethod: 'push' });
    expect(embeddedScaStep(selected, { kind: 'otp', otp: SANDBOX_OTP }, undefined).next.scaStatus).toBe('finalised');
  });

  it('answers a wrong password or code with the same step and a message, and fails on the third', () => {
    const first = embeddedScaStep(start, { kind: 'credentials', password: 'nope' }, 'u');
    expect(first).toEqual({
      next: { scaStatus: 'psuIdentified', psuId: 'u', scaMethod: null, failedAttempts: 1 },
      psuMessage: 'The password is not correct. 2 attempts left.',
    });
    const selected: ScaState = { scaStatus: 'scaMethodSelected', psuId: 'u', scaMethod: 'sms', failedAttempts: 1 };
    expect(embeddedScaStep(selected, { kind: 'otp', otp: '000000' }, undefined)).toMatchObject({
      next: { scaStatus: 'scaMethodSelected', failedAttempts: 2 },
      psuMessage: /1 attempt left/,
    });
    expect(
      embeddedScaStep(
        { ...selected, failedAttempts: MAX_FAILED_ATTEMPTS - 1 },
        { kind: 'otp', otp: '000000' },
        undefined,
      ).next.scaStatus,
    ).toBe('failed');
  });

  it('refuses values out of turn, unknown methods and credentials without a user', () => {
    expect(() => embeddedScaStep(start, { kind: 'otp', otp: SANDBOX_OTP }, 'u')).toThrow(
      expect.objectContaining({ status: 409, code: 'STATUS_INVALID' }),
    );
    expect(() =>
      embeddedScaStep(
        { ...start, scaStatus: 'psuAuthenticated', psuId: 'u' },
        { kind: 'method', methodId: 'fax' },
        undefined,
      ),
    ).toThrow(expect.objectContaining({ code: 'SCA_METHOD_UNKNOWN' }));
    expect(() => embeddedScaStep(start, { kind: 'credentials', password: SANDBOX_PASSWORD }, undefined)).toThrow(
      expect.objectContaining({ code: 'FORMAT_ERROR' }),
    );
    expect(embeddedScaStep(start, { kind: 'none' }, 'u').next).toMatchObject({
      scaStatus: 'psuIdentified',
      psuId: 'u',
    });
  });
});
