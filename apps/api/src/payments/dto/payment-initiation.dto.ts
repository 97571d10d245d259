import {
  CALLBACK_URL_MAX_LENGTH,
  CHARGE_BEARERS,
  IDENTIFIER_FIELDS,
  PAYMENT_FLOW_TYPES,
  PAYMENT_LOCAL_INSTRUMENTS,
  REF_ID_MAX_LENGTH,
  REMITTANCE_PRIMARY_MAX_LENGTH,
  REMITTANCE_SECONDARY_MAX_LENGTH,
  checkAccountForRail,
  checkBankIdForFlow,
  checkCallbackUrl,
  checkCurrency,
  checkExecutionDate,
  checkRailCurrency,
  checkRefId,
  checkRemittancePrimary,
  checkRemittanceSecondary,
  isAccountOnFile,
  selectLocalInstrument,
  type ChargeBearer,
  type PaymentFlowType,
  type PaymentLocalInstrument,
  type RequestedLocalInstrument,
} from '#libs/domain';
import { AmountDto } from './amount.dto.js';
import { accountFieldsOf, debtorShapeOf } from '../../shared/dto/account-fields.dto.js';
import { PaymentCreditorDto, namesSettlementAccount } from '../../shared/dto/creditor.dto.js';
import { DebtorDto } from '../../shared/dto/debtor.dto.js';
import { ChoiceField, FlagField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { REQUESTED_LOCAL_INSTRUMENTS, attachRailContext, railContextFrom } from '../../shared/dto/rail-context.js';
import { RiskDto } from '../../shared/dto/risk.dto.js';

/** The rail the request names, when it is a concrete valid one. */
function railOf(object: object): PaymentLocalInstrument | undefined {
  const rail = (object as PaymentInitiationDto).localInstrument;
  return (PAYMENT_LOCAL_INSTRUMENTS as readonly unknown[]).includes(rail)
    ? (rail as PaymentLocalInstrument)
    : undefined;
}

function validCurrencyOf(object: object): string | undefined {
  const currency = (object as PaymentInitiationDto).amount?.currency;
  return typeof currency === 'string' && checkCurrency(currency) === undefined ? currency : undefined;
}

/** The rail against the currency, and AUTO_SELECT against the routing table (any bank). */
function checkLocalInstrument(value: string, object: object): string | undefined {
  const initiation = object as PaymentInitiationDto;
  const currency = validCurrencyOf(object);
  if (currency === undefined) return undefined;
  if (value !== 'AUTO_SELECT') return checkRailCurrency(value as PaymentLocalInstrument, currency);
  // A creditor without any identifier is reported at initiation.creditor instead.
  if (
    !(initiation.creditor instanceof PaymentCreditorDto) ||
    !IDENTIFIER_FIELDS.some((field) => typeof initiation.creditor[field] === 'string')
  )
    return undefined;
  const selection = selectLocalInstrument(
    {
      amount: { value: String(initiation.amount.value), currency },
      creditor: { name: '', ...accountFieldsOf(initiation.creditor) },
    },
    PAYMENT_LOCAL_INSTRUMENTS,
  );
  return selection.ok ? undefined : selection.problem.message;
}

/** With AUTO_SELECT the account's own fields cannot say which is missing: the account as a whole needs one. */
function wholeAccountProblem(child: object, object: object, role: 'creditor' | 'debtor'): string | undefined {
  if ((object as PaymentInitiationDto).localInstrument !== 'AUTO_SELECT') return undefined;
  if (role === 'creditor' && namesSettlementAccount(child)) return undefined;
  if (role === 'debtor' && isAccountOnFile(debtorShapeOf(child))) return undefined;
  return checkAccountForRail(accountFieldsOf(child), 'AUTO_SELECT', { role }).find((problem) => problem.path === '')
    ?.message;
}

/**
 * initiation: a Payments v2 payment as the TPP asks for it. Rules that need the bank, the member,
 * the gateway's host or today's date are checked after this (initiation-rules.ts).
 */
export class PaymentInitiationDto {
  static readonly fieldPath = 'initiation';

  @TextField({
    description:
      'The bank to pay from. Required with flowType EMBEDDED_HOSTED_PAGES; without it the user picks the bank at the hosted pages.',
    max: 128,
    requiredWhen: (object) => checkBankIdForFlow(undefined, railContextFrom(object).flowType),
    example: 'ob-sandbox-gb',
  })
  bankId?: string;

  @TextField({
    description: `The TPP's reference, at most ${REF_ID_MAX_LENGTH} characters; Latin letters, digits and hyphen recommended (not enforced; control characters refused).`,
    required: true,
    max: REF_ID_MAX_LENGTH,
    rule: (value) => checkRefId(value),
    example: '9htio4a1sp2akdr1aa',
  })
  refId!: string;

  @TextField({
    description: `Creditor-assigned reference, at most ${REMITTANCE_PRIMARY_MAX_LENGTH} characters (18 for FASTER_PAYMENTS).`,
    required: true,
    max: REMITTANCE_PRIMARY_MAX_LENGTH,
    rule: (value, object) => checkRemittancePrimary(value, railOf(object)),
    example: 'Sweepco',
  })
  remittanceInformationPrimary!: string;

  @TextField({
    description: `At most ${REMITTANCE_SECONDARY_MAX_LENGTH} characters.`,
    max: REMITTANCE_SECONDARY_MAX_LENGTH,
    rule: (value) => checkRemittanceSecondary(value),
  })
  remittanceInformationSecondary?: string;

  @TextField({
    description:
      'The ultimate client (a sub-TPP referenceId when on behalf of a sub-TPP); required for unregulated members.',
    max: 128,
    example: 'c5a863bc-86f2-4418-a26f-25b24c7983c7',
  })
  onBehalfOfId?: string;

  @TextField({ description: 'Only for variable recurring payments: the VRP consent id.', max: 128 })
  vrpConsentId?: string;

  @NestedField({ description: 'The amount and currency.', required: true, type: () => AmountDto })
  amount!: AmountDto;

  @ChoiceField({
    description:
      'The payment rail, or AUTO_SELECT: the gateway picks it from the creditor identifier, currency, value and the bank (see docs/payments-validation.md).',
    required: true,
    values: REQUESTED_LOCAL_INSTRUMENTS,
    rule: checkLocalInstrument,
    example: 'SEPA',
  })
  localInstrument!: RequestedLocalInstrument;

  @NestedField({
    description:
      'The payer: an Account on File reference or account details, never both; required only when the bank requires it.',
    type: () => DebtorDto,
    attach: attachRailContext,
    rule: (child, object) => wholeAccountProblem(child, object, 'debtor'),
  })
  debtor?: DebtorDto;

  @NestedField({
    description:
      'The payee: name and account in the identifier form of the rail, or a settlement account (virtualAccountId).',
    required: true,
    type: () => PaymentCreditorDto,
    attach: attachRailContext,
    rule: (child, object) => wholeAccountProblem(child, object, 'creditor'),
  })
  creditor!: PaymentCreditorDto;

  @TextField({
    description:
      'A future date YYYY-MM-DD, from today up to one year ahead; only at banks supporting scheduled payments.',
    max: 64,
    rule: (value) => checkExecutionDate(value.trim()),
    example: '2026-12-01',
  })
  executionDate?: string;

  @FlagField({
    description:
      'The bank checks available funds before accepting (banks supporting funds confirmation). Default false.',
    example: false,
  })
  confirmFunds?: boolean;

  @FlagField({
    description: 'The bank returns the debtor account the user chose (supporting banks). Default false.',
    example: false,
  })
  returnRefundAccount?: boolean;

  @FlagField({
    description: 'Prevents converting an immediate payment into a future-dated one. Default false.',
    example: false,
  })
  disableFutureDatedPaymentConversion?: boolean;

  @FlagField({ description: 'Generates a tokenized account id for the debtor account.', example: true })
  returnTokenizedAccount?: boolean;

  @TextField({
    description: "The TPP's callback URL: https, not under the gateway's own host.",
    required: true,
    max: CALLBACK_URL_MAX_LENGTH,
    rule: (value) => checkCallbackUrl(value),
    example: 'https://tpp.example/callback',
  })
  callbackUrl!: string;

  @TextField({
    description: 'Returned with the bank callback to match it to the payment.',
    max: 256,
    example: '6242e45e-3063-4c42-8376',
  })
  callbackState?: string;

  @ChoiceField({
    description: 'Who bears the charges (SLEV recommended for SEPA).',
    values: CHARGE_BEARERS,
    example: 'SLEV',
  })
  chargeBearer?: ChargeBearer;

  @NestedField({ description: 'Details for risk scoring.', type: () => RiskDto })
  risk?: RiskDto;

  @ChoiceField({
    description: 'The integration option; API_ONLY when absent.',
    values: PAYMENT_FLOW_TYPES,
    example: 'API_ONLY',
  })
  flowType?: PaymentFlowType;

  @TextField({ description: "The TPP's reference of the user, at most 64 characters.", max: 64 })
  externalPsuReference?: string;
}
