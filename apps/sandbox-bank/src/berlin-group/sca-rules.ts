import { Xs2aError } from './xs2a-error.js';

/**
 * The embedded SCA of the sandbox's Berlin Group banks: one password for every user, two SCA
 * methods to pick from, and one fixed one-time code. A wrong password or code answers with the
 * same step again (scaStatus unchanged and a psuMessage); the third wrong value fails the
 * authorisation.
 */
export const SANDBOX_PASSWORD = '12345';
export const SANDBOX_OTP = '123456';
export const MAX_FAILED_ATTEMPTS = 3;

export interface ScaMethod {
  readonly authenticationType: string;
  readonly authenticationMethodId: string;
  readonly name: string;
  readonly explanation: string;
}

export const SCA_METHODS: readonly ScaMethod[] = [
  {
    authenticationType: 'SMS_OTP',
    authenticationMethodId: 'sms',
    name: 'SMS to +49 170 ***4321',
    explanation: 'A one-time code by text message.',
  },
  {
    authenticationType: 'PUSH_OTP',
    authenticationMethodId: 'push',
    name: 'Sandbox Bank app',
    explanation: 'A one-time code shown in the banking app.',
  },
];

/** challengeData for a method: what the user is told to look for. */
export function challengeFor(methodId: string): {
  otpMaxLength: number;
  otpFormat: 'integer';
  additionalInformation: string;
} {
  const where = methodId === 'sms' ? 'in the text message sent to +49 170 ***4321' : 'in the Sandbox Bank app';
  return {
    otpMaxLength: 6,
    otpFormat: 'integer',
    additionalInformation: `Enter the 6-digit code ${where} (sandbox: ${SANDBOX_OTP}).`,
  };
}

/** What an authorisation request carries (start or update), as the standard's bodies name it. */
export type ScaInput =
  | { readonly kind: 'credentials'; readonly password?: string }
  | { readonly kind: 'method'; readonly methodId: string }
  | { readonly kind: 'otp'; readonly otp: string }
  | { readonly kind: 'none' };

function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || value === '') throw Xs2aError.format(`${path} must be a non-empty string.`, path);
  return value;
}

export function readScaInput(body: unknown): ScaInput {
  const object =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (object['scaAuthenticationData'] !== undefined)
    return { kind: 'otp', otp: text(object['scaAuthenticationData'], 'scaAuthenticationData') };
  if (object['authenticationMethodId'] !== undefined)
    return { kind: 'method', methodId: text(object['authenticationMethodId'], 'authenticationMethodId') };
  const psuData = object['psuData'];
  if (psuData !== undefined) {
    if (typeof psuData !== 'object' || psuData === null || Array.isArray(psuData))
      throw Xs2aError.format('psuData must be an object.', 'psuData');
    return {
      kind: 'credentials',
      password: text((psuData as Record<string, unknown>)['password'], 'psuData.password'),
    };
  }
  return { kind: 'none' };
}

export interface ScaState {
  readonly scaStatus: string;
  readonly psuId: string | null;
  readonly scaMethod: string | null;
  readonly failedAttempts: number;
}

export interface ScaStepResult {
  readonly next: ScaState;
  /** Shown to the user, e.g. why the same step comes again. */
  readonly psuMessage?: string;
}

function wrong(state: ScaState, what: string): ScaStepResult {
  const failedAttempts = state.failedAttempts + 1;
  const left = MAX_FAILED_ATTEMPTS - failedAttempts;
  if (left <= 0)
    return {
      next: { ...state, scaStatus: 'failed', failedAttempts },
      psuMessage: `The ${what} was wrong ${MAX_FAILED_ATTEMPTS} times: the authorisation has failed.`,
    };
  return {
    next: { ...state, failedAttempts },
    psuMessage: `The ${what} is not correct. ${left} attempt${left === 1 ? '' : 's'} left.`,
  };
}

/**
 * One embedded step: `psuId` is the PSU-ID header of the call (it identifies the user once).
 * A body that does not fit the authorisation's status is a 409 STATUS_INVALID.
 */
export function embeddedScaStep(state: ScaState, input: ScaInput, psuId: string | undefined): ScaStepResult {
  switch (input.kind) {
    case 'none': {
      if (state.scaStatus === 'received' && psuId !== undefined)
        return { next: { ...state, scaStatus: 'psuIdentified', psuId } };
      return { next: state };
    }
    case 'credentials': {
      if (state.scaStatus !== 'received' && state.scaStatus !== 'psuIdentified')
        throw Xs2aError.statusInvalid(`The user is already authenticated (scaStatus ${state.scaStatus}).`);
      const user = state.psuId ?? psuId;
      if (user === undefined) throw Xs2aError.format('PSU-ID is required to authenticate the user.', 'PSU-ID');
      const identified: ScaState = { ...state, scaStatus: 'psuIdentified', psuId: user };
      if (input.password !== SANDBOX_PASSWORD) return wrong(identified, 'password');
      return { next: { ...identified, scaStatus: 'psuAuthenticated' } };
    }
    case 'method': {
      if (state.scaStatus !== 'psuAuthenticated')
        throw Xs2aError.statusInvalid(
          `An SCA method can only be chosen once the user is authenticated (scaStatus ${state.scaStatus}).`,
        );
      if (!SCA_METHODS.some((method) => method.authenticationMethodId === input.methodId)) {
        throw new Xs2aError(
          400,
          'SCA_METHOD_UNKNOWN',
          `authenticationMethodId ${input.methodId} is not one of the offered methods.`,
          'authenticationMethodId',
        );
      }
      return { next: { ...state, scaStatus: 'scaMethodSelected', scaMethod: input.methodId } };
    }
    case 'otp': {
      if (state.scaStatus !== 'scaMethodSelected')
        throw Xs2aError.statusInvalid(`No one-time code is expected (scaStatus ${state.scaStatus}).`);
      if (input.otp !== SANDBOX_OTP) return wrong(state, 'one-time code');
      return { next: { ...state, scaStatus: 'finalised' } };
    }
  }
}

/** Authorisations that are over. */
export const FINAL_SCA_STATUSES: ReadonlySet<string> = new Set(['finalised', 'failed', 'exempted']);
