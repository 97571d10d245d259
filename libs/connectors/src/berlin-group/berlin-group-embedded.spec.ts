import { describe, expect, it } from 'vitest';
import { MalformedBankResponseError } from '../http/bank-json.js';
import {
  readContinuation,
  withoutStep,
  writeContinuation,
  type PaymentContinuation,
} from './berlin-group-continuation.js';
import {
  credentialsBody,
  embeddedStep,
  isCredentialsInvalid,
  methodBody,
  nextEmbeddedStep,
  otpBody,
  pickedMethod,
  readAuthorisationAnswer,
  requiredValue,
} from './berlin-group-embedded.js';
import { authorisationIdOf, linkHref, offersAuthorisationStart } from './berlin-group-links.js';

const href = (path: string) => ({
  href: `https://bank.example/v1/payments/sepa-credit-transfers/P1/authorisations/${path}`,
});

const METHODS = [
  { authenticationType: 'SMS_OTP', authenticationMethodId: 'sms', name: 'SMS to +49 170 ***1234' },
  { authenticationType: 'PUSH_OTP', authenticationMethodId: 'push', name: 'Bank app' },
];

describe('reading an authorisation answer', () => {
  it('takes scaStatus, methods, the chosen method, the challenge and the PSU message', () => {
    const answer = readAuthorisationAnswer({
      scaStatus: 'scaMethodSelected',
      chosenScaMethod: { authenticationType: 'CHIP_OTP', authenticationMethodId: 'chip', name: 'chipTAN' },
      challengeData: { data: ['0F', '8A'], additionalInformation: 'Hold your reader to the screen.', otpMaxLength: 6 },
      psuMessage: 'Code sent.',
      _links: { authoriseTransaction: href('A1'), scaStatus: href('A1') },
    });
    expect(answer).toMatchObject({
      scaStatus: 'scaMethodSelected',
      phase: 'challenge',
      chosenScaMethod: { id: 'chip', type: 'CHIP_OTP', label: 'chipTAN' },
      psuMessage: 'Code sent.',
    });
    expect(nextEmbeddedStep(answer)).toBe('otp');
    expect(embeddedStep('otp', answer, { psuIdKnown: true, isRetry: false })).toEqual({
      fields: [
        {
          id: 'otp',
          type: 'FIELD',
          displayName: 'One-time code',
          additionalInformation: 'Hold your reader to the screen.',
        },
      ],
      description: 'Code sent.',
      flickerCode: '0F8A',
      isRetry: false,
    });
  });

  it('follows the links first, then the scaStatus', () => {
    expect(
      nextEmbeddedStep(
        readAuthorisationAnswer({
          scaStatus: 'psuAuthenticated',
          scaMethods: METHODS,
          _links: { selectAuthenticationMethod: href('A1') },
        }),
      ),
    ).toBe('method');
    expect(nextEmbeddedStep(readAuthorisationAnswer({ scaStatus: 'psuIdentified' }))).toBe('credentials');
    expect(
      nextEmbeddedStep(
        readAuthorisationAnswer({ scaStatus: 'received', _links: { authoriseTransaction: href('A1') } }),
      ),
    ).toBe('otp');
    expect(
      nextEmbeddedStep(
        readAuthorisationAnswer({ scaStatus: 'finalised', _links: { authoriseTransaction: href('A1') } }),
      ),
    ).toBe('done');
    expect(nextEmbeddedStep(readAuthorisationAnswer({ scaStatus: 'failed' }))).toBe('failed');
    expect(nextEmbeddedStep(readAuthorisationAnswer({ scaStatus: 'exempted' }))).toBe('done');
    expect(() => nextEmbeddedStep(readAuthorisationAnswer({ scaStatus: 'psuAuthenticated' }))).toThrow(
      MalformedBankResponseError,
    );
    expect(() => nextEmbeddedStep(readAuthorisationAnswer({ scaStatus: 'unconfirmed' }))).toThrow(
      MalformedBankResponseError,
    );
  });
});

describe('embedded steps', () => {
  it('asks for the user id and password, or only the password once the user is known', () => {
    expect(embeddedStep('credentials', undefined, { psuIdKnown: false, isRetry: false }).fields).toEqual([
      { id: 'psuId', type: 'FIELD', displayName: 'Online banking user ID' },
      { id: 'password', type: 'PASSWORD', displayName: 'Password or PIN' },
    ]);
    const retry = embeddedStep(
      'credentials',
      readAuthorisationAnswer({ scaStatus: 'psuIdentified', psuMessage: 'Wrong password.' }),
      { psuIdKnown: true, isRetry: true },
    );
    expect(retry).toEqual({
      fields: [{ id: 'password', type: 'PASSWORD', displayName: 'Password or PIN' }],
      description: 'Wrong password.',
      isRetry: true,
    });
  });

  it('offers the SCA methods as a CHOICE_FIELD and takes back an id or a label', () => {
    const step = embeddedStep(
      'method',
      readAuthorisationAnswer({ scaStatus: 'psuAuthenticated', scaMethods: METHODS }),
      { psuIdKnown: true, isRetry: false },
    );
    expect(step.fields).toEqual([
      {
        id: 'scaMethod',
        type: 'CHOICE_FIELD',
        displayName: 'How do you want to confirm?',
        options: [
          { id: 'sms', label: 'SMS to +49 170 ***1234' },
          { id: 'push', label: 'Bank app' },
        ],
      },
    ]);
    expect(pickedMethod({ scaMethod: 'push' }, step)).toBe('push');
    expect(pickedMethod({ scaMethod: 'SMS to +49 170 ***1234' }, step)).toBe('sms');
    expect(() => pickedMethod({ scaMethod: 'fax' }, step)).toThrow(/scaMethod must be one of: sms, push/);
  });

  it('says which field is missing', () => {
    expect(() => requiredValue({ otp: '  ' }, 'otp', 'The one-time code')).toThrow(
      expect.objectContaining({ code: 'Field.Expected', paths: ['otp'] }),
    );
    expect(requiredValue({ otp: ' 123456 ' }, 'otp', 'x')).toBe('123456');
  });

  it('builds the update bodies of the standard', () => {
    expect(credentialsBody('pw')).toEqual({ psuData: { password: 'pw' } });
    expect(methodBody('sms')).toEqual({ authenticationMethodId: 'sms' });
    expect(otpBody('123456')).toEqual({ scaAuthenticationData: '123456' });
  });

  it("recognises the standard's 401 PSU_CREDENTIALS_INVALID", () => {
    expect(
      isCredentialsInvalid(401, {
        tppMessages: [{ category: 'ERROR', code: 'PSU_CREDENTIALS_INVALID', text: 'Wrong.' }],
      }),
    ).toBe(true);
    expect(isCredentialsInvalid(401, { tppMessages: [{ category: 'ERROR', code: 'CERTIFICATE_INVALID' }] })).toBe(
      false,
    );
    expect(isCredentialsInvalid(200, { tppMessages: [{ code: 'PSU_CREDENTIALS_INVALID' }] })).toBe(false);
  });
});

describe('links', () => {
  it('finds hrefs, start links and the authorisation id', () => {
    const body = {
      _links: {
        scaRedirect: { href: 'https://bank.example/sca/A9' },
        scaStatus: href('A%2F9'),
        startAuthorisation: 'https://bank.example/start',
      },
    };
    expect(linkHref(body, 'scaRedirect')).toBe('https://bank.example/sca/A9');
    expect(linkHref(body, 'startAuthorisation')).toBe('https://bank.example/start');
    expect(offersAuthorisationStart(body)).toBe(true);
    expect(authorisationIdOf(body)).toBe('A/9');
    expect(authorisationIdOf({ authorisationId: 'B1', _links: { scaStatus: href('A1') } })).toBe('B1');
    expect(
      authorisationIdOf({ _links: { status: { href: 'https://bank.example/v1/payments/x/P1/status' } } }),
    ).toBeUndefined();
  });
});

describe('continuation', () => {
  it('round-trips through the handle as strings', () => {
    const step = embeddedStep('credentials', undefined, { psuIdKnown: false, isRetry: false });
    const state: PaymentContinuation = {
      product: 'sepa-credit-transfers',
      approach: 'embedded',
      transactionStatus: 'RCVD',
      authorisationId: 'A1',
      scaStatus: 'psuIdentified',
      psuId: 'u',
      step: 'credentials',
      embeddedStep: step,
    };
    const written = writeContinuation(state);
    expect(Object.values(written).every((value) => typeof value === 'string')).toBe(true);
    const read = readContinuation({ bankConsentId: 'P1', continuation: written });
    expect(read).toEqual(state);
    expect(withoutStep(read)).not.toHaveProperty('embeddedStep');
    expect(() => readContinuation({ bankConsentId: 'P1', continuation: { authReqId: 'x' } })).toThrow(
      /does not belong to a Berlin Group payment/,
    );
  });
});
