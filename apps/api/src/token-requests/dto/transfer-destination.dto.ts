import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  DESTINATION_RAILS,
  SETTLEMENT_DESTINATION,
  SETTLEMENT_DESTINATION_RAILS,
  TRANSFER_DESTINATION_TYPES,
  UNSUPPORTED_DESTINATIONS,
  checkCurrency,
  checkOnlyNetwork,
  checkRailCurrency,
  type DestinationNetwork,
} from '#libs/domain';
import { AccountFieldsDto } from '../../shared/dto/account-fields.dto.js';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { ChoiceField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { attachRailContext } from '../../shared/dto/rail-context.js';
import { KeptObjectField, ValueListField, textOfAtMost } from './structure-fields.js';

/**
 * The account of one destination network (`sepa`, `fasterPayments`, ...): the identifier fields
 * of the payments API, checked by the same rules for the network's rail (SEPA takes iban and an
 * optional bic, FASTER_PAYMENTS sortCode and accountNumber, ...).
 */
export class DestinationAccountDto extends AccountFieldsDto {}

const LEGAL_NAME_MAX_LENGTH = 140;

/** The creditor's names (and address, kept as sent). */
export class CustomerDataDto {
  @ValueListField({
    description: 'The legal owner names of the creditor account; at least one.',
    required: true,
    minEntries: 1,
    maxEntries: 10,
    entryRule: textOfAtMost(LEGAL_NAME_MAX_LENGTH),
    entryMaxLength: LEGAL_NAME_MAX_LENGTH,
    example: ['Merchant Ltd'],
  })
  legalNames!: string[];

  @KeptObjectField({ description: "The creditor's postal address (AddressInfo)." })
  address?: Record<string, unknown>;
}

/** The currency of the body a destination belongs to, handed down while the request is transformed. */
const bodyCurrency = new WeakMap<object, string>();

export function attachBodyCurrency(destination: object, currency: unknown): void {
  if (typeof currency === 'string' && checkCurrency(currency) === undefined) bodyCurrency.set(destination, currency);
}

function NetworkField(network: DestinationNetwork, description: string): PropertyDecorator {
  const rail = DESTINATION_RAILS[network];
  return NestedField({
    description: `${description} (rail ${rail}).`,
    type: () => DestinationAccountDto,
    attach: (child) => attachRailContext(child, { localInstrument: rail }),
    rule: (_child, destination) => {
      const currency = bodyCurrency.get(destination);
      return (
        checkOnlyNetwork(network, destination) ??
        (currency === undefined ? undefined : checkRailCurrency(rail, currency))
      );
    },
  });
}

/**
 * One of the member's settlement accounts and the rail the transfer is made on (the reference's
 * TransferDestinationVirtualAccount). The gateway sends the bank the account's own name and the
 * identifiers of the rail; the transfer settles when the account's credit arrives.
 */
export class VirtualAccountDestinationDto {
  @TextField({
    description: "The id of one of the member's settlement accounts (/virtual-accounts).",
    required: true,
    max: 128,
    example: 'pa:2tv9sJzeftSWRXSRvPN4SA1sL5e6:2gFUX1NDbiv',
  })
  id!: string;

  @ChoiceField({
    description: 'The rail the transfer is made on: SEPA and SEPA_INSTANT in EUR, FASTER_PAYMENTS in GBP.',
    required: true,
    values: SETTLEMENT_DESTINATION_RAILS,
    example: 'SEPA',
  })
  localInstrument!: string;
}

function SettlementAccountField(): PropertyDecorator {
  return NestedField({
    description:
      "One of the member's settlement accounts, instead of a bank account: the transfer settles when the account's credit arrives (docs/reconciliation.md).",
    type: () => VirtualAccountDestinationDto,
    rule: (child, destination) => {
      const currency = bodyCurrency.get(destination);
      const rail = (child as { readonly localInstrument?: unknown }).localInstrument;
      return (
        checkOnlyNetwork(SETTLEMENT_DESTINATION, destination) ??
        (currency === undefined || typeof rail !== 'string' || !SETTLEMENT_DESTINATION_RAILS.some((r) => r === rail)
          ? undefined
          : checkRailCurrency(rail as (typeof SETTLEMENT_DESTINATION_RAILS)[number], currency))
      );
    },
  });
}

function UnsupportedField(kind: keyof typeof UNSUPPORTED_DESTINATIONS, description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: true,
      description: `Not supported: ${description} are refused with a 400.`,
    }),
    FieldCheck((value) => (isAbsent(value) ? undefined : `${UNSUPPORTED_DESTINATIONS[kind]} (${description})`)),
  );
}

/** One transfer destination: the creditor's names and exactly one account keyed by its network. */
export class TransferDestinationDto {
  @NestedField({
    description:
      "The creditor's legal names; required (for a settlement account the bank is sent the account's own name).",
    required: true,
    type: () => CustomerDataDto,
  })
  customerData!: CustomerDataDto;

  @ChoiceField({ description: 'The type of destination.', values: TRANSFER_DESTINATION_TYPES, example: 'BUSINESS' })
  type?: string;

  @NetworkField('sepa', 'SEPA credit transfer: iban and an optional bic; EUR')
  sepa?: DestinationAccountDto;

  @NetworkField('sepaInstant', 'SEPA Instant: iban and an optional bic; EUR')
  sepaInstant?: DestinationAccountDto;

  @NetworkField('fasterPayments', 'UK Faster Payments: sortCode and accountNumber; GBP')
  fasterPayments?: DestinationAccountDto;

  @NetworkField('elixir', 'Polish Elixir: accountNumber (26 digits) or a PL iban; PLN')
  elixir?: DestinationAccountDto;

  @NetworkField(
    'euDomesticNonEuro',
    'Domestic payment in a non-euro EEA currency: iban, or bban with an optional clearingNumber; an optional bic',
  )
  euDomesticNonEuro?: DestinationAccountDto;

  @NetworkField('euDomesticNonEuroInstant', 'Instant domestic payment in a non-euro EEA currency: as euDomesticNonEuro')
  euDomesticNonEuroInstant?: DestinationAccountDto;

  @NetworkField('bankgiro', 'Swedish Bankgiro: bankgiroNumber and an optional bic; SEK')
  bankgiro?: DestinationAccountDto;

  @NetworkField('plusgiro', 'Swedish PlusGiro: plusgiroNumber and an optional bic; SEK')
  plusgiro?: DestinationAccountDto;

  @UnsupportedField('token', 'token destinations')
  token?: unknown;

  @SettlementAccountField()
  virtualAccount?: VirtualAccountDestinationDto;
}
