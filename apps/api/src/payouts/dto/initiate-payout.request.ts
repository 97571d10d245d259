import { PAYOUT_NAME_MAX, PAYOUT_REF_ID_MAX, normalizePayoutCreditor, type PayoutInitiationInput } from '#libs/domain';
import { ChoiceField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { compact } from '../../shared/dto/to-domain-fields.js';

const ID_MAX = 256;
const ACCOUNT_FIELD_MAX = 64;
/** The longest description read; its rule by the creditor's scheme (18 or 140 characters) is the payout's. */
const DESCRIPTION_MAX = 1000;

/** initiation.amount: paid out of the settlement account, in its currency. */
export class PayoutAmountDto {
  static readonly fieldPath = 'initiation.amount';

  @TextField({
    description:
      'Decimal string above 0 with no more fraction digits than the currency has; at most the account’s available balance.',
    max: 32,
    required: true,
    example: '10.23',
  })
  value!: string;

  @TextField({
    description: 'ISO 4217 currency code: the settlement account’s.',
    max: 3,
    required: true,
    example: 'GBP',
  })
  currency!: string;
}

/** initiation.debtor: the member’s settlement account paid from. */
export class PayoutDebtorDto {
  static readonly fieldPath = 'initiation.debtor';

  @TextField({ description: 'The member’s settlement account paid from.', max: ID_MAX, required: true })
  accountId!: string;
}

/**
 * initiation.creditor (the reference's CreditorInformationPayout): an IBAN (mod-97 checked; a BIC
 * of 8 or 11 characters optional), or a UK sort code (6 digits) and account number (8 digits).
 * EUR payouts need an IBAN and accountVerificationId.
 */
export class PayoutCreditorDto {
  static readonly fieldPath = 'initiation.creditor';

  @TextField({ description: 'The owner’s name for the creditor account.', max: PAYOUT_NAME_MAX, required: true })
  name!: string;

  @TextField({ description: 'The ultimate creditor’s name.', max: PAYOUT_NAME_MAX })
  ultimateCreditorName?: string;

  @TextField({ description: 'The creditor’s bank name.', max: PAYOUT_NAME_MAX })
  bankName?: string;

  @TextField({
    description: 'IBAN: mod-97 checked; spaces allowed, stored upper case without them.',
    max: ACCOUNT_FIELD_MAX,
    example: 'DE89370400440532013000',
  })
  iban?: string;

  @TextField({ description: 'BIC of 8 or 11 characters (optional with an IBAN).', max: ACCOUNT_FIELD_MAX })
  bic?: string;

  @TextField({ description: 'UK account number of 8 digits.', max: ACCOUNT_FIELD_MAX, example: '12345678' })
  accountNumber?: string;

  @TextField({ description: 'UK sort code: 6 digits, 123456 or 12-34-56.', max: ACCOUNT_FIELD_MAX, example: '040004' })
  sortCode?: string;

  @TextField({
    description:
      'The id POST /account-verifications answered for this creditor: the member’s own, at most 24 hours old, of the same account and name (required for EUR payouts).',
    max: ID_MAX,
  })
  accountVerificationId?: string;
}

/** initiation: the reference's PayoutInitiation. */
export class PayoutInitiationDto {
  static readonly fieldPath = 'initiation';

  @TextField({
    description:
      'The payment reference: at least 6 letters or digits, not all the same; space, hyphen, full stop, ampersand and forward slash allowed and not counted; at most 18 characters for sort code payouts and 140 for IBAN ones.',
    max: DESCRIPTION_MAX,
    required: true,
    example: 'Invoice 2026-0001',
  })
  description!: string;

  @TextField({ description: 'The member’s reference of the payout.', max: PAYOUT_REF_ID_MAX, required: true })
  refId!: string;

  @ChoiceField({
    description:
      'The reference requires paymentType on a payout initiation without defining it: PAYOUT, as the answer’s initiation carries it. Optional; nothing else is accepted.',
    values: ['PAYOUT'],
    example: 'PAYOUT',
  })
  paymentType?: 'PAYOUT';

  @TextField({ description: 'An active sub-TPP of the member; required of unregulated members.', max: ID_MAX })
  onBehalfOfId?: string;

  @NestedField({ description: 'The amount paid out.', required: true, type: () => PayoutAmountDto })
  amount!: PayoutAmountDto;

  @NestedField({ description: 'The settlement account paid from.', required: true, type: () => PayoutDebtorDto })
  debtor!: PayoutDebtorDto;

  @NestedField({ description: 'The account paid to.', required: true, type: () => PayoutCreditorDto })
  creditor!: PayoutCreditorDto;
}

/** POST /payouts body. */
export class InitiatePayoutRequest {
  static readonly fieldPath = '';

  @NestedField({ description: 'The payout to initiate.', required: true, type: () => PayoutInitiationDto })
  initiation!: PayoutInitiationDto;
}

/**
 * The validated body as the use case's initiation: texts as sent (the payout's rules measure
 * them), the creditor's name trimmed and its account identifiers normalised.
 */
export function toPayoutInitiationInput(dto: PayoutInitiationDto): PayoutInitiationInput {
  const creditor = dto.creditor;
  return compact<PayoutInitiationInput>({
    description: dto.description,
    refId: dto.refId,
    onBehalfOfId: dto.onBehalfOfId,
    amount: { value: dto.amount.value, currency: dto.amount.currency },
    debtor: { accountId: dto.debtor.accountId },
    creditor: normalizePayoutCreditor(
      compact({
        name: creditor.name.trim(),
        ultimateCreditorName: creditor.ultimateCreditorName,
        bankName: creditor.bankName,
        iban: creditor.iban,
        bic: creditor.bic,
        accountNumber: creditor.accountNumber,
        sortCode: creditor.sortCode,
        accountVerificationId: creditor.accountVerificationId,
      }),
    ),
  });
}
