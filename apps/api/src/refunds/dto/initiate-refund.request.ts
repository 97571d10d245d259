import {
  REFUND_DESCRIPTION_MAX,
  REFUND_ID_MAX,
  REFUND_RAILS,
  REFUND_REF_ID_MAX,
  normalizeRefundParty,
  type RefundInitiationInput,
  type RefundParty,
  type RefundRail,
} from '#libs/domain';
import { ChoiceField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { compact, text } from '../../shared/dto/to-domain-fields.js';
import { RefundCreditorDto, RefundDebtorDto } from './refund-party.dto.js';

/** initiation.amount: what is paid back, in the original payment’s currency. */
export class RefundAmountDto {
  static readonly fieldPath = 'initiation.amount';

  @TextField({
    description:
      'Decimal string above 0 with no more fraction digits than the currency has; the refunds of a payment never add up to more than it.',
    max: 32,
    required: true,
    example: '5.00',
  })
  value!: string;

  @TextField({ description: 'ISO 4217 currency code: the original payment’s.', max: 3, required: true, example: 'GBP' })
  currency!: string;
}

/** initiation: the refund of a completed payment or transfer of the member (the reference’s RefundInitiation). */
export class RefundInitiationDto {
  static readonly fieldPath = 'initiation';

  @TextField({
    description: 'The member’s reference of the refund.',
    max: REFUND_REF_ID_MAX,
    required: true,
    example: 'refund-2026-0001',
  })
  refId!: string;

  @TextField({ description: 'The description of the refund.', max: REFUND_DESCRIPTION_MAX, example: 'Returned item' })
  description?: string;

  @NestedField({ description: 'The amount to pay back.', required: true, type: () => RefundAmountDto })
  amount!: RefundAmountDto;

  @TextField({
    description: 'The id of the completed payment (Payments v2) or transfer (Payments v1) refunded.',
    max: REFUND_ID_MAX,
    required: true,
  })
  originalPaymentId!: string;

  @TextField({
    description: 'The registration whose account pays the refund (POST /refund/registrations).',
    max: REFUND_ID_MAX,
  })
  registrationId?: string;

  @ChoiceField({
    description:
      'The reference requires paymentType on a refund initiation without defining it: REFUND, as the answer’s resolved initiation carries it. Optional; nothing else is accepted.',
    values: ['REFUND'],
    example: 'REFUND',
  })
  paymentType?: 'REFUND';

  @ChoiceField({
    description: 'The rail the refund goes over.',
    values: REFUND_RAILS,
    required: true,
    example: 'FASTER_PAYMENTS',
  })
  localInstrument!: RefundRail;

  @TextField({ description: 'An active sub-TPP of the member; required of unregulated members.', max: REFUND_ID_MAX })
  onBehalfOfId?: string;

  @NestedField({
    description: 'The account the refund is paid from; the registration’s when not given.',
    type: () => RefundDebtorDto,
  })
  debtor?: RefundDebtorDto;

  @NestedField({
    description: 'The account the money goes back to; the original payment’s refund account when not given.',
    type: () => RefundCreditorDto,
  })
  creditor?: RefundCreditorDto;
}

/** POST /refunds body. */
export class InitiateRefundRequest {
  static readonly fieldPath = '';

  @NestedField({ description: 'The refund to initiate.', required: true, type: () => RefundInitiationDto })
  initiation!: RefundInitiationDto;
}

/** A debtor or creditor as the refund keeps it: texts trimmed, account identifiers normalised. */
export function toRefundParty(dto: RefundDebtorDto | RefundCreditorDto): RefundParty {
  return normalizeRefundParty(
    compact<RefundParty>({
      iban: text(dto.iban),
      bic: text(dto.bic),
      sortCode: text(dto.sortCode),
      accountNumber: text(dto.accountNumber),
      bban: text(dto.bban),
      clearingNumber: text(dto.clearingNumber),
      bankgiroNumber: text(dto.bankgiroNumber),
      plusgiroNumber: text(dto.plusgiroNumber),
      name: text(dto.name),
      ultimateDebtorName: text(dto.ultimateDebtorName),
      ultimateCreditorName: text(dto.ultimateCreditorName),
      bankName: text(dto.bankName),
      address: dto.address,
    }),
  );
}

/** The validated body as the use case’s initiation (texts trimmed). */
export function toRefundInitiationInput(dto: RefundInitiationDto): RefundInitiationInput {
  return compact<RefundInitiationInput>({
    refId: dto.refId.trim(),
    description: text(dto.description),
    amount: { value: dto.amount.value.trim(), currency: dto.amount.currency.trim() },
    originalPaymentId: dto.originalPaymentId.trim(),
    registrationId: text(dto.registrationId),
    localInstrument: dto.localInstrument,
    onBehalfOfId: text(dto.onBehalfOfId),
    debtor: dto.debtor === undefined || dto.debtor === null ? undefined : toRefundParty(dto.debtor),
    creditor: dto.creditor === undefined || dto.creditor === null ? undefined : toRefundParty(dto.creditor),
  });
}
