import type { PaymentInitiationInput } from '../payment-initiation.js';
import type { PaymentLocalInstrument, RequestedLocalInstrument } from '../../shared/payment-fields.js';
import { checkAccountForRail, narrowAccountToRail } from '../../shared/account-for-rail.js';
import { checkCallbackUrl } from '../../shared/callback-url.js';
import { checkDebtor, isAccountOnFile } from '../../shared/debtor.js';
import { checkExecutionDate } from '../../shared/execution-date.js';
import { fieldProblem, underPath, type FieldProblem } from '../../shared/field-problem.js';
import { checkBankIdForFlow } from './flow-type.js';
import { selectLocalInstrument } from './local-instrument-selection.js';
import { checkRailCurrency } from '../../shared/rail-currency.js';
import { checkRemittancePrimary } from '../../shared/reference-text.js';

/** The bank catalogue flag for banks that need the payer's account in the initiation. The catalogue has no such bank yet. */
export const REQUIRES_DEBTOR_ACCOUNT_FEATURE = 'requires_debtor_account';

export interface InitiationBank {
  readonly id: string;
  readonly supportedLocalInstruments: readonly string[];
  /** Catalogue feature flags; a missing flag is false. */
  readonly features: Readonly<Record<string, boolean>>;
  readonly countries: readonly string[];
}

export interface InitiationContext {
  /** The bank named by bankId; absent when the user picks the bank at the hosted pages. */
  readonly bank?: InitiationBank;
  readonly member: { readonly regulated: boolean };
  /** Hosts the gateway answers on: a callbackUrl may not point at them. */
  readonly ownHosts: readonly string[];
  /** The gateway's UTC date, YYYY-MM-DD (from the injected clock). */
  readonly today: string;
}

export interface ContextCheck {
  /** The input with AUTO_SELECT resolved when the bank is known. */
  readonly input: PaymentInitiationInput;
  /** Paths relative to `initiation`. */
  readonly problems: readonly FieldProblem[];
}

function supports(bank: InitiationBank, feature: string): boolean {
  return bank.features[feature] === true;
}

function memberProblems(input: PaymentInitiationInput, context: InitiationContext): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!context.member.regulated && input.onBehalfOfId === undefined) {
    problems.push(
      fieldProblem(
        'onBehalfOfId',
        'is required for unregulated members: the sub-TPP referenceId or the id of the ultimate client',
        'required',
      ),
    );
  }
  const bankId = checkBankIdForFlow(input.bankId, input.flowType);
  if (bankId !== undefined) problems.push(fieldProblem('bankId', bankId, 'required'));
  const callbackUrl = checkCallbackUrl(input.callbackUrl, context.ownHosts);
  if (callbackUrl !== undefined) problems.push(fieldProblem('callbackUrl', callbackUrl));
  if (input.executionDate !== undefined) {
    const executionDate = checkExecutionDate(input.executionDate, context.today);
    if (executionDate !== undefined) problems.push(fieldProblem('executionDate', executionDate));
  }
  return problems;
}

function bankProblems(input: PaymentInitiationInput, bank: InitiationBank): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (input.localInstrument !== 'AUTO_SELECT' && !bank.supportedLocalInstruments.includes(input.localInstrument)) {
    const supported =
      bank.supportedLocalInstruments.length === 0 ? 'no payment rails' : bank.supportedLocalInstruments.join(', ');
    problems.push(fieldProblem('localInstrument', `must be a rail bank ${bank.id} supports; it supports ${supported}`));
  }
  if (input.executionDate !== undefined && !supports(bank, 'supports_scheduled_payment')) {
    problems.push(
      fieldProblem(
        'executionDate',
        `cannot be used: bank ${bank.id} does not support scheduled (future-dated) payments`,
      ),
    );
  }
  if (input.confirmFunds === true && !supports(bank, 'supports_funds_confirmation')) {
    problems.push(fieldProblem('confirmFunds', `cannot be true: bank ${bank.id} does not support funds confirmation`));
  }
  if (input.returnRefundAccount === true && !supports(bank, 'supports_return_refund_account')) {
    problems.push(
      fieldProblem('returnRefundAccount', `cannot be true: bank ${bank.id} does not return the refund account`),
    );
  }
  if (input.returnTokenizedAccount === true && !supports(bank, 'supports_return_refund_account')) {
    problems.push(
      fieldProblem(
        'returnTokenizedAccount',
        `cannot be true: bank ${bank.id} does not return the debtor account the user chose`,
      ),
    );
  }
  if (
    supports(bank, REQUIRES_DEBTOR_ACCOUNT_FEATURE) &&
    (input.debtor === undefined || isAccountOnFile(input.debtor))
  ) {
    problems.push(
      fieldProblem(
        'debtor',
        `is required by bank ${bank.id}, with the payer's account fields (not an Account on File reference)`,
        'required',
      ),
    );
  }
  return problems;
}

/** The checks that depend on the rail, once it is known (given, or chosen by AUTO_SELECT). */
function railProblems(input: PaymentInitiationInput, rail: PaymentLocalInstrument, chosen: boolean): FieldProblem[] {
  const note = chosen ? ` (${rail} is the rail AUTO_SELECT chose)` : '';
  const options = {
    currency: input.amount.currency,
    bankId: input.bankId,
    flowType: input.flowType,
  };
  const problems: FieldProblem[] = [];
  const currency = checkRailCurrency(rail, input.amount.currency);
  if (currency !== undefined) problems.push(fieldProblem('localInstrument', currency));
  const remittance = checkRemittancePrimary(input.remittanceInformationPrimary, rail);
  if (remittance !== undefined) problems.push(fieldProblem('remittanceInformationPrimary', `${remittance}${note}`));
  const account = [
    ...underPath('creditor', checkAccountForRail(input.creditor, rail, { ...options, role: 'creditor' as const })),
    ...(input.debtor === undefined ? [] : underPath('debtor', checkDebtor(input.debtor, rail, options))),
  ];
  problems.push(...account.map((problem) => ({ ...problem, message: `${problem.message}${note}` })));
  return problems;
}

/** AUTO_SELECT keeps of the creditor and a raw debtor only the identifier fields of the chosen rail. */
function withRail(input: PaymentInitiationInput, rail: PaymentLocalInstrument): PaymentInitiationInput {
  const debtor =
    input.debtor === undefined || isAccountOnFile(input.debtor)
      ? input.debtor
      : narrowAccountToRail(input.debtor, rail, 'debtor');
  return {
    ...input,
    localInstrument: rail,
    creditor: narrowAccountToRail(input.creditor, rail, 'creditor'),
    ...(debtor === undefined ? {} : { debtor }),
  };
}

/**
 * The initiation rules that need context: the member, the bank, the gateway's hosts and today.
 * Resolves AUTO_SELECT when the bank is known; without a bank (hosted bank selection) the rail and
 * bank features are checked when the user has picked one.
 */
export function checkInitiationContext(input: PaymentInitiationInput, context: InitiationContext): ContextCheck {
  const problems = memberProblems(input, context);
  const bank = context.bank;
  if (bank === undefined) {
    const rail: RequestedLocalInstrument = input.localInstrument;
    return { input, problems: rail === 'AUTO_SELECT' ? problems : [...problems, ...railProblems(input, rail, false)] };
  }
  problems.push(...bankProblems(input, bank));
  let resolved = input;
  if (input.localInstrument === 'AUTO_SELECT') {
    const selection = selectLocalInstrument(input, bank.supportedLocalInstruments);
    if (!selection.ok) return { input, problems: [...problems, selection.problem] };
    resolved = withRail(input, selection.localInstrument);
    problems.push(...railProblems(resolved, selection.localInstrument, true));
  } else {
    problems.push(...railProblems(input, input.localInstrument, false));
  }
  return { input: resolved, problems };
}
