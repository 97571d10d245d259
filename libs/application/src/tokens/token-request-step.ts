import type { AuthorisationStep, EmbeddedAuthStep } from '#libs/connectors';
import type { Prisma } from '#libs/db';

/** Why a token request ended without a token, as the TPP's redirect names it (`error`). */
export type TokenRequestErrorCode = 'ACCESS_DENIED' | 'REJECTED' | 'EXPIRED';

/**
 * The user's step at the bank, kept in token_request.authorization: the bank's page, fields for
 * the user, approval in the bank's app (with the polls made so far), the bank's answer being
 * completed, or (final) how it ended.
 */
export type TokenRequestStep =
  | { readonly kind: 'redirect'; readonly redirectUrl: string }
  | { readonly kind: 'embedded'; readonly step: EmbeddedAuthStep }
  | { readonly kind: 'decoupled'; readonly decoupled: true; readonly polls: number }
  | { readonly kind: 'completing' }
  | { readonly kind: 'ended'; readonly error: TokenRequestErrorCode };

/** The stored step, or undefined before authorization. */
export function tokenRequestStepOf(stored: unknown): TokenRequestStep | undefined {
  if (typeof stored !== 'object' || stored === null || !('kind' in stored)) return undefined;
  return stored as TokenRequestStep;
}

/** The step as stored. */
export function storedStep(step: TokenRequestStep): Prisma.InputJsonObject {
  return JSON.parse(JSON.stringify(step)) as Prisma.InputJsonObject;
}

/** What the bank asked for next, as the step the request waits at; undefined when nothing is left to do there. */
export function stepOfBankAnswer(next: AuthorisationStep): WaitingStep | undefined {
  switch (next.kind) {
    case 'redirect':
      return { kind: 'redirect', redirectUrl: next.redirectUrl };
    case 'embedded':
      return { kind: 'embedded', step: next.step };
    case 'decoupled':
      return { kind: 'decoupled', decoupled: true, polls: 0 };
    case 'none':
      return undefined;
  }
}

/** The interface's CredentialField. */
export interface CredentialField {
  readonly id: string;
  readonly type: 'FIELD' | 'PASSWORD' | 'PSU_MESSAGE' | 'IMAGE' | 'FLICKER' | 'DECOUPLED';
  readonly displayName: string;
  readonly description?: string;
  readonly options?: readonly string[];
  readonly image?: string;
  readonly flickerCode?: string;
}

/** The interface's InitiateBankAuthorizationResponse. */
export type BankAuthorizationAnswer =
  | { readonly redirectUrl: string; readonly oauthState?: string }
  | { readonly fields: { readonly fields: readonly CredentialField[] } }
  | { readonly status: 'AUTHENTICATED' };

export const DECOUPLED_FIELD: CredentialField = {
  id: 'decoupled',
  type: 'DECOUPLED',
  displayName: 'Approve in your banking app',
};

/**
 * The bank's embedded step as credential fields: FIELD and PASSWORD as they are, a CHOICE_FIELD
 * as a FIELD whose options are the choices' labels (either a label or an id may come back); the
 * step's message, challenge picture and flicker code as fields of their own (nothing to fill in).
 */
export function credentialFieldsOf(step: EmbeddedAuthStep): CredentialField[] {
  const fields: CredentialField[] = [];
  if (step.description !== undefined)
    fields.push({ id: 'psuMessage', type: 'PSU_MESSAGE', displayName: step.description });
  if (step.image !== undefined)
    fields.push({ id: 'image', type: 'IMAGE', displayName: 'Challenge', image: step.image });
  if (step.flickerCode !== undefined)
    fields.push({ id: 'flickerCode', type: 'FLICKER', displayName: 'Flicker code', flickerCode: step.flickerCode });
  for (const field of step.fields) {
    fields.push({
      id: field.id,
      type: field.type === 'PASSWORD' ? 'PASSWORD' : 'FIELD',
      displayName: field.displayName,
      ...(field.additionalInformation === undefined ? {} : { description: field.additionalInformation }),
      ...(field.options === undefined ? {} : { options: field.options.map((option) => option.label) }),
    });
  }
  return fields;
}

/** A step the user is at (as opposed to the gateway completing, or the request having ended). */
export type WaitingStep = Extract<TokenRequestStep, { readonly kind: 'redirect' | 'embedded' | 'decoupled' }>;

/** The answer for a step the request now waits at. */
export function answerOfStep(step: WaitingStep, oauthState: string): BankAuthorizationAnswer {
  switch (step.kind) {
    case 'redirect':
      return { redirectUrl: step.redirectUrl, oauthState };
    case 'embedded':
      return { fields: { fields: credentialFieldsOf(step.step) } };
    case 'decoupled':
      return { fields: { fields: [DECOUPLED_FIELD] } };
  }
}
