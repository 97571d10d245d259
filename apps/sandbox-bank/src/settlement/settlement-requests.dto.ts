import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_CREDITS_PAGE } from './settlement-credit.store.js';
import { SETTLEMENT_CURRENCIES, type SettlementCurrency } from './settlement-identifiers.js';

/** A positive amount with at most two decimals. */
const AMOUNT = /^(0|[1-9]\d{0,13})(\.\d{1,2})?$/;

export class OpenAccountRequest {
  /** The client's own id of the account; the same reference opens one account. */
  @IsString() @IsNotEmpty() @MaxLength(128) reference!: string;
  @IsIn(SETTLEMENT_CURRENCIES) currency!: SettlementCurrency;
  @Matches(/^[A-Z]{2}$/) country!: string;
  /** The account holder's name (default `Sandbox Settlement Account`). */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(140) name?: string;
}

export class CreditsQueryParams {
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
  @IsOptional() @IsISO8601({ strict: true }) since?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_CREDITS_PAGE) limit?: number;
}

export class MoneyBody {
  @Matches(AMOUNT, { message: 'value must be a decimal amount with at most two decimals' }) value!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
}

export class PartyBody {
  @IsString() @IsNotEmpty() @MaxLength(140) name!: string;
  @IsOptional() @Matches(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/) iban?: string;
  @IsOptional() @Matches(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/) bic?: string;
  @IsOptional() @Matches(/^\d{6}$/) sortCode?: string;
  @IsOptional() @Matches(/^\d{8}$/) accountNumber?: string;
}

export class SendPayoutRequest {
  /** The client's id of the payout; the same id twice is one payout. */
  @IsString() @IsNotEmpty() @MaxLength(128) payoutId!: string;
  @IsString() @IsNotEmpty() accountId!: string;
  @IsObject() @ValidateNested() @Type(() => MoneyBody) amount!: MoneyBody;
  @IsString() @IsNotEmpty() @MaxLength(128) refId!: string;
  @IsString() @IsNotEmpty() @MaxLength(140) description!: string;
  @IsObject() @ValidateNested() @Type(() => PartyBody) creditor!: PartyBody;
}

export class VerifyAccountRequest {
  @IsString() @IsNotEmpty() @MaxLength(140) name!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
  @IsOptional() @Matches(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/) iban?: string;
  @IsOptional() @Matches(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/) bic?: string;
  @IsOptional() @Matches(/^\d{6}$/) sortCode?: string;
  @IsOptional() @Matches(/^\d{8}$/) accountNumber?: string;
  @IsOptional() @IsIn(['PERSONAL', 'BUSINESS']) accountType?: 'PERSONAL' | 'BUSINESS';
}

export class BookCreditRequest {
  @IsObject() @ValidateNested() @Type(() => MoneyBody) amount!: MoneyBody;
  @IsOptional() @IsString() @MaxLength(140) refId?: string;
  @IsOptional() @IsString() @MaxLength(140) description?: string;
  @IsOptional() @IsIn(['SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS']) localInstrument?:
    'SEPA' | 'SEPA_INSTANT' | 'FASTER_PAYMENTS';
  @IsOptional() @IsObject() @ValidateNested() @Type(() => PartyBody) debtor?: PartyBody;
  /** When the credit arrives (default now); a time already past is now. */
  @IsOptional() @IsISO8601({ strict: true }) availableAt?: string;
  /** The credit's id (default a fresh one). */
  @IsOptional() @Matches(/^[A-Za-z0-9._:-]{1,64}$/) providerPaymentId?: string;
}

export class RepeatCreditsRequest {
  /** How many of the account's next resumed pages start again with the last credit already handed out. */
  @IsInt() @Min(0) @Max(100) pages!: number;
}
