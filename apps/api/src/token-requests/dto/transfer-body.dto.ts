import {
  STANDING_ORDER_FREQUENCIES,
  checkDestinationHasNetwork,
  checkEndDateAfterStart,
  checkExecutionDate,
  checkStandingOrderDate,
} from '#libs/domain';
import { ChoiceField, FlagField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { CurrencyField, DecimalAmountField, KeptObjectField, NestedListField } from './structure-fields.js';
import { TransferDestinationDto, attachBodyCurrency } from './transfer-destination.dto.js';

/** instructions of a transferBody or standingOrderBody: where the money goes. */
export class TransferInstructionsDto {
  @NestedListField({
    description: 'The creditor accounts; at least one. The payment goes to the first.',
    required: true,
    minEntries: 1,
    maxEntries: 10,
    type: () => TransferDestinationDto,
    entryRule: checkDestinationHasNetwork,
  })
  transferDestinations!: TransferDestinationDto[];

  @KeptObjectField({
    description:
      'chargeBearer, providerTransferMetadata, purposeCode, ultimateCreditor, ultimateDebtor (kept as sent).',
  })
  metadata?: Record<string, unknown>;

  @KeptObjectField({ description: 'The payer account (TransferDebtorEndpoint), when the TPP knows it (kept as sent).' })
  source?: Record<string, unknown>;
}

/** Hands the body's currency to its destinations (their network must carry it). */
export function handCurrencyToDestinations(body: {
  readonly currency?: unknown;
  readonly instructions?: unknown;
}): void {
  const destinations = (body.instructions as { readonly transferDestinations?: unknown } | undefined)
    ?.transferDestinations;
  if (!Array.isArray(destinations)) return;
  for (const destination of destinations as unknown[])
    if (typeof destination === 'object' && destination !== null) attachBodyCurrency(destination, body.currency);
}

/** requestPayload.transferBody: a single (or future-dated) payment. */
export class TransferBodyDto {
  @CurrencyField({ description: 'ISO 4217 currency code; the destination network must carry it.', example: 'EUR' })
  currency!: string;

  @DecimalAmountField({
    description:
      'The total the token may pay, a decimal string with at most 4 fraction digits (and no more than the currency has).',
    example: '10.00',
  })
  lifetimeAmount!: string;

  @NestedField({ description: 'Where the money goes.', required: true, type: () => TransferInstructionsDto })
  instructions!: TransferInstructionsDto;

  @TextField({
    description: 'A future date YYYY-MM-DD, from today up to one year ahead (banks supporting scheduled payments).',
    max: 64,
    rule: (value) => checkExecutionDate(value.trim()),
    example: '2026-12-01',
  })
  executionDate?: string;

  @FlagField({ description: 'The bank confirms available funds first.', example: false })
  confirmFunds?: boolean;

  @TextField({
    description: "The creditor's reference for matching, at most 35 characters.",
    max: 35,
    example: 'INV-2026-001',
  })
  remittanceReference?: string;

  @FlagField({ description: 'Return the refund account with the transfer.', example: false })
  returnRefundAccount?: boolean;

  @TextField({ description: 'URL for setting the destinations later (kept as sent).', max: 2048 })
  setTransferDestinationsUrl?: string;
}

/** requestPayload.standingOrderBody: a standing order. */
export class StandingOrderBodyDto {
  @DecimalAmountField({ description: 'The amount of each payment, a decimal string.', example: '25.00' })
  amount!: string;

  @CurrencyField({ description: 'ISO 4217 currency code; the destination network must carry it.', example: 'GBP' })
  currency!: string;

  @ChoiceField({
    description:
      'ISO 20022 frequency: DAIL daily, WEEK weekly, TOWK twice a week, MNTH monthly, TOMN twice a month, QUTR quarterly, SEMI half-yearly, YEAR yearly.',
    required: true,
    values: STANDING_ORDER_FREQUENCIES,
    example: 'MNTH',
  })
  frequency!: string;

  @TextField({
    description: 'The first payment date, YYYY-MM-DD or YYYYMMDD; today or later.',
    required: true,
    max: 10,
    rule: (value) => checkStandingOrderDate(value),
    example: '2026-12-01',
  })
  startDate!: string;

  @TextField({
    description: 'The final payment date, YYYY-MM-DD or YYYYMMDD, after startDate; absent = until cancelled.',
    max: 10,
    rule: (value, object) =>
      checkStandingOrderDate(value) ?? checkEndDateAfterStart(value, (object as StandingOrderBodyDto).startDate),
    example: '2027-12-01',
  })
  endDate?: string;

  @NestedField({ description: 'Where the money goes.', required: true, type: () => TransferInstructionsDto })
  instructions!: TransferInstructionsDto;

  @TextField({ description: "The creditor's reference for matching, at most 35 characters.", max: 35, example: 'RENT' })
  remittanceReference?: string;

  @FlagField({ description: 'Return the refund account with the transfers.', example: false })
  returnRefundAccount?: boolean;
}
