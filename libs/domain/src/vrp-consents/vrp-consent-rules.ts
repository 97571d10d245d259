import { Decimal } from 'decimal.js';
import { checkCallbackUrl } from '../shared/callback-url.js';
import { fieldProblem, type FieldProblem } from '../shared/field-problem.js';
import { checkRailCurrency } from '../shared/rail-currency.js';
import { VRP_BANK_FEATURE, type VrpConsentInitiationInput } from './vrp-consent-initiation.js';

/**
 * A start a little before the gateway's clock is taken as "now": a TPP that sends its own
 * current time must not be refused for the time the request spent on the way.
 */
export const VRP_START_CLOCK_TOLERANCE_MS = 60_000;

export interface VrpConsentBank {
  readonly id: string;
  readonly supportedLocalInstruments: readonly string[];
  /** Catalogue feature flags; a missing flag is false. */
  readonly features: Readonly<Record<string, boolean>>;
}

export interface VrpConsentContext {
  /** The gateway's clock. */
  readonly now: Date;
  readonly member: { readonly regulated: boolean };
  /** Hosts the gateway answers on: a callbackUrl may not point at them. */
  readonly ownHosts: readonly string[];
  /** The bank named by bankId; absent when the user picks it on the hosted pages. */
  readonly bank?: VrpConsentBank;
}

/** The problems of one bank for this consent (paths relative to `initiation`); none when it can take it. */
export function vrpBankProblems(
  input: Pick<VrpConsentInitiationInput, 'localInstrument'>,
  bank: VrpConsentBank,
): FieldProblem[] {
  if (bank.features[VRP_BANK_FEATURE] !== true)
    return [fieldProblem('bankId', `names bank ${bank.id}, which does not support variable recurring payments`)];
  if (!bank.supportedLocalInstruments.includes(input.localInstrument))
    return [
      fieldProblem(
        'localInstrument',
        `must be a rail bank ${bank.id} supports; it does not support ${input.localInstrument}`,
      ),
    ];
  return [];
}

function timeProblems(input: VrpConsentInitiationInput, now: Date): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const start = input.startDateTime === undefined ? now.getTime() : Date.parse(input.startDateTime);
  if (input.startDateTime !== undefined && start < now.getTime() - VRP_START_CLOCK_TOLERANCE_MS)
    problems.push(fieldProblem('startDateTime', `must not be earlier than the current time (${now.toISOString()})`));
  if (input.endDateTime !== undefined && Date.parse(input.endDateTime) <= start)
    problems.push(
      fieldProblem(
        'endDateTime',
        input.startDateTime === undefined
          ? 'must be later than the consent’s start (its creation time)'
          : 'must be later than initiation.startDateTime',
      ),
    );
  return problems;
}

function limitProblems(input: VrpConsentInitiationInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const minimum = input.minimumIndividualAmount;
  if (minimum !== undefined) {
    if (new Decimal(minimum).greaterThan(input.maximumIndividualAmount))
      problems.push(fieldProblem('minimumIndividualAmount', 'must not exceed initiation.maximumIndividualAmount'));
    input.periodicLimits.forEach((limit, index) => {
      if (new Decimal(minimum).greaterThan(limit.maximumAmount))
        problems.push(
          fieldProblem('minimumIndividualAmount', `must not exceed initiation.periodicLimits.${index}.maximumAmount`),
        );
    });
  }
  const seen = new Map<string, number>();
  input.periodicLimits.forEach((limit, index) => {
    const key = `${limit.periodType}/${limit.periodAlignment}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else
      problems.push(
        fieldProblem(
          `periodicLimits.${index}`,
          `repeats the ${limit.periodType} ${limit.periodAlignment} limit of initiation.periodicLimits.${first}: one limit per period type and alignment`,
        ),
      );
  });
  return problems;
}

/**
 * The VRP consent rules that need more than one field or the context (each field's own form is
 * checked where the request is read): the member (onBehalfOfId for unregulated members), the
 * gateway's hosts (callbackUrl), its clock (start and end), the rail's currency, the amounts
 * against each other, one periodic limit per type and alignment, and the bank when named.
 * Paths are relative to `initiation`.
 */
export function checkVrpConsentContext(input: VrpConsentInitiationInput, context: VrpConsentContext): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!context.member.regulated && input.onBehalfOfId === undefined)
    problems.push(
      fieldProblem('onBehalfOfId', 'is required for unregulated members: the sub-TPP referenceId', 'required'),
    );
  const callbackUrl = checkCallbackUrl(input.callbackUrl, context.ownHosts);
  if (callbackUrl !== undefined) problems.push(fieldProblem('callbackUrl', callbackUrl));
  const currency = checkRailCurrency(input.localInstrument, input.currency);
  if (currency !== undefined) problems.push(fieldProblem('currency', currency));
  problems.push(...timeProblems(input, context.now), ...limitProblems(input));
  if (context.bank !== undefined) problems.push(...vrpBankProblems(input, context.bank));
  return problems;
}
