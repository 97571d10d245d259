import { GatewayError } from '#libs/common';
import type { EmbeddedAuthField, EmbeddedAuthStep } from '../bank-types.js';
import { MalformedBankResponseError, arrayAt, asObject, optionalText, type JsonObject } from '../http/bank-json.js';
import { hasLink } from './berlin-group-links.js';
import { mapScaStatus, type ScaPhase, type ScaStatus } from './berlin-group.mappers.js';

/**
 * The embedded SCA approach as a series of steps the gateway shows the user: credentials (PSU-ID
 * and password), the choice of SCA method when the bank offers several, the one-time code. Each
 * step is an EmbeddedAuthStep whose field ids are what `submitEmbeddedAuth` takes back.
 */

export const EMBEDDED_FIELD_IDS = { psuId: 'psuId', password: 'password', scaMethod: 'scaMethod', otp: 'otp' } as const;

export type EmbeddedStepKind = 'credentials' | 'method' | 'otp';

/** authenticationObject: one SCA method the bank offers. */
export interface ScaMethod {
  readonly id: string;
  readonly type: string;
  readonly label: string;
}

/** challengeData: what the user needs to produce the one-time code. */
export interface Challenge {
  readonly additionalInformation?: string;
  readonly image?: string;
  readonly data?: readonly string[];
}

/** An answer about an authorisation (start, update or read), as far as the next step is concerned. */
export interface AuthorisationAnswer {
  readonly scaStatus?: ScaStatus;
  readonly phase?: ScaPhase;
  readonly scaMethods: readonly ScaMethod[];
  readonly chosenScaMethod?: ScaMethod;
  readonly challenge?: Challenge;
  readonly psuMessage?: string;
  readonly body: JsonObject;
}

function scaMethod(value: unknown): ScaMethod | undefined {
  const id = optionalText(value, 'authenticationMethodId');
  if (id === undefined) return undefined;
  const type = optionalText(value, 'authenticationType') ?? 'OTHER';
  return { id, type, label: optionalText(value, 'name') ?? optionalText(value, 'explanation') ?? `${type} (${id})` };
}

function challenge(value: unknown): Challenge | undefined {
  const object = asObject(value);
  if (object === undefined) return undefined;
  const data = Array.isArray(object['data'])
    ? (object['data'] as unknown[]).filter((item): item is string => typeof item === 'string')
    : undefined;
  const additionalInformation = optionalText(object, 'additionalInformation');
  const image = optionalText(object, 'image');
  return {
    ...(additionalInformation === undefined ? {} : { additionalInformation }),
    ...(image === undefined ? {} : { image }),
    ...(data === undefined || data.length === 0 ? {} : { data }),
  };
}

/** Reads startScaprocessResponse / updatePsuAuthenticationResponse / scaStatusResponse. */
export function readAuthorisationAnswer(body: unknown): AuthorisationAnswer {
  const object = asObject(body) ?? {};
  const status = object['scaStatus'] === undefined ? undefined : mapScaStatus(object['scaStatus']);
  const scaMethods = arrayAt(object, 'scaMethods', 'scaMethods')
    .map(scaMethod)
    .filter((method): method is ScaMethod => method !== undefined);
  const chosen = scaMethod(object['chosenScaMethod']);
  const challengeData = challenge(object['challengeData']);
  const psuMessage = optionalText(object, 'psuMessage');
  return {
    ...(status === undefined ? {} : { scaStatus: status.status, phase: status.phase }),
    scaMethods,
    ...(chosen === undefined ? {} : { chosenScaMethod: chosen }),
    ...(challengeData === undefined ? {} : { challenge: challengeData }),
    ...(psuMessage === undefined ? {} : { psuMessage }),
    body: object,
  };
}

/**
 * What the bank wants next: the links name the next call when the bank sends them; otherwise
 * the scaStatus tells. `done` and `failed` end the authorisation.
 */
export function nextEmbeddedStep(answer: AuthorisationAnswer): EmbeddedStepKind | 'done' | 'failed' {
  if (answer.phase === 'done' || answer.phase === 'failed') return answer.phase;
  if (hasLink(answer.body, 'authoriseTransaction')) return 'otp';
  if (hasLink(answer.body, 'selectAuthenticationMethod')) return 'method';
  if (
    [
      'updatePsuAuthentication',
      'updatePsuIdentification',
      'startAuthorisationWithPsuAuthentication',
      'startAuthorisationWithPsuIdentification',
    ].some((name) => hasLink(answer.body, name))
  ) {
    return 'credentials';
  }
  switch (answer.phase) {
    case undefined:
    case 'identification':
    case 'authentication':
      return 'credentials';
    case 'method-selection':
      if (answer.scaMethods.length === 0)
        throw new MalformedBankResponseError('scaMethods (the bank asks for a method but offers none)');
      return 'method';
    case 'challenge':
      return 'otp';
    case 'confirmation':
      throw new MalformedBankResponseError(
        'scaStatus (unconfirmed needs a redirect confirmation code, not an embedded step)',
      );
  }
}

const CREDENTIALS_DESCRIPTION = 'Log in with your online banking credentials to authorise the payment.';

/** The fields of a step, in the interface's EmbeddedAuth shape. */
export function embeddedStep(
  kind: EmbeddedStepKind,
  answer: AuthorisationAnswer | undefined,
  options: { readonly psuIdKnown: boolean; readonly isRetry: boolean },
): EmbeddedAuthStep {
  const description = answer?.psuMessage;
  switch (kind) {
    case 'credentials': {
      const fields: EmbeddedAuthField[] = [
        ...(options.psuIdKnown
          ? []
          : [{ id: EMBEDDED_FIELD_IDS.psuId, type: 'FIELD' as const, displayName: 'Online banking user ID' }]),
        { id: EMBEDDED_FIELD_IDS.password, type: 'PASSWORD', displayName: 'Password or PIN' },
      ];
      return { fields, description: description ?? CREDENTIALS_DESCRIPTION, isRetry: options.isRetry };
    }
    case 'method': {
      const methods = answer?.scaMethods ?? [];
      return {
        fields: [
          {
            id: EMBEDDED_FIELD_IDS.scaMethod,
            type: 'CHOICE_FIELD',
            displayName: 'How do you want to confirm?',
            options: methods.map((method) => ({ id: method.id, label: method.label })),
          },
        ],
        description: description ?? 'Choose how to receive your one-time code.',
        isRetry: options.isRetry,
      };
    }
    case 'otp': {
      const method = answer?.chosenScaMethod;
      const data = answer?.challenge?.data;
      const flickerCode = method?.type === 'CHIP_OTP' && data !== undefined ? data.join('') : undefined;
      const image = answer?.challenge?.image;
      const information = answer?.challenge?.additionalInformation;
      return {
        fields: [
          {
            id: EMBEDDED_FIELD_IDS.otp,
            type: 'FIELD',
            displayName: 'One-time code',
            ...(information === undefined
              ? method === undefined
                ? {}
                : { additionalInformation: `Sent by ${method.label}.` }
              : { additionalInformation: information }),
          },
        ],
        description: description ?? 'Enter the one-time code to authorise the payment.',
        ...(image === undefined ? {} : { image }),
        ...(flickerCode === undefined ? {} : { flickerCode }),
        isRetry: options.isRetry,
      };
    }
  }
}

/** A value the user had to supply, or a 400 naming the field. */
export function requiredValue(values: Readonly<Record<string, string>>, id: string, displayName: string): string {
  const value = values[id]?.trim();
  if (value === undefined || value === '')
    throw GatewayError.invalidField(id, `${displayName} is required for this authentication step.`, 'Field.Expected');
  return value;
}

/** The SCA method picked: by its id or by the label shown. */
export function pickedMethod(values: Readonly<Record<string, string>>, step: EmbeddedAuthStep | undefined): string {
  const value = requiredValue(values, EMBEDDED_FIELD_IDS.scaMethod, 'The authentication method');
  const options = step?.fields.find((field) => field.id === EMBEDDED_FIELD_IDS.scaMethod)?.options ?? [];
  const option = options.find((candidate) => candidate.id === value || candidate.label === value);
  if (option === undefined)
    throw GatewayError.invalidField(
      EMBEDDED_FIELD_IDS.scaMethod,
      `scaMethod must be one of: ${options.map((candidate) => candidate.id).join(', ')}.`,
    );
  return option.id;
}

/** updatePsuAuthentication / selectPsuAuthenticationMethod / transactionAuthorisation bodies. */
export const credentialsBody = (password: string): JsonObject => ({ psuData: { password } });
export const methodBody = (authenticationMethodId: string): JsonObject => ({ authenticationMethodId });
export const otpBody = (otp: string): JsonObject => ({ scaAuthenticationData: otp });

/** XS2A's own way to say a password or one-time code was wrong (401 PSU_CREDENTIALS_INVALID). */
export function isCredentialsInvalid(status: number, body: unknown): boolean {
  if (status !== 401) return false;
  return arrayAt(body, 'tppMessages', 'tppMessages').some(
    (message) => optionalText(message, 'code') === 'PSU_CREDENTIALS_INVALID',
  );
}
