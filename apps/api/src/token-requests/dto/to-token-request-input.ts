import {
  DESTINATION_NETWORKS,
  normalizeAccountNumber,
  normalizeBban,
  normalizeBic,
  normalizeClearingNumber,
  normalizeGiroNumber,
  normalizeIban,
  normalizeSortCode,
  type PaymentAccountFields,
  type TokenRequestOptionsInput,
  type TokenRequestPayloadInput,
  type TransferDestinationInput,
} from '#libs/domain';
import type { StoreTokenRequestRequest } from './store-token-request.request.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The value as plain JSON without its absent (null or undefined) entries; DTO instances become plain objects. */
function plain(value: unknown): Json | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((entry) => plain(entry) ?? null);
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, entry]) => [key, plain(entry)] as const)
      .filter((entry): entry is readonly [string, Json] => entry[1] !== undefined);
    return Object.fromEntries(entries);
  }
  return value as Json;
}

const NORMALIZERS: Readonly<Record<keyof PaymentAccountFields, (value: string) => string>> = {
  iban: normalizeIban,
  bic: normalizeBic,
  sortCode: normalizeSortCode,
  accountNumber: normalizeAccountNumber,
  bban: normalizeBban,
  clearingNumber: normalizeClearingNumber,
  bankgiroNumber: normalizeGiroNumber,
  plusgiroNumber: normalizeGiroNumber,
};

function normalizedAccount(account: PaymentAccountFields): PaymentAccountFields {
  const entries = Object.entries(account) as [keyof PaymentAccountFields, string][];
  return Object.fromEntries(entries.map(([field, value]) => [field, NORMALIZERS[field](value.trim())]));
}

function normalizedDestination(destination: TransferDestinationInput): TransferDestinationInput {
  const copy: { -readonly [K in keyof TransferDestinationInput]: TransferDestinationInput[K] } = { ...destination };
  for (const network of DESTINATION_NETWORKS) {
    const account = destination[network];
    if (account !== undefined) copy[network] = normalizedAccount(account);
  }
  return copy;
}

function withDestinations<
  T extends { readonly instructions: { readonly transferDestinations: readonly TransferDestinationInput[] } },
>(body: T | undefined): T | undefined {
  if (body === undefined) return undefined;
  return {
    ...body,
    instructions: {
      ...body.instructions,
      transferDestinations: body.instructions.transferDestinations.map(normalizedDestination),
    },
  };
}

/**
 * The validated request as the gateway stores and echoes it: as sent, absent (null) optionals
 * left out, and account identifiers in their stored form (IBAN and BIC upper case without spaces,
 * sort codes and giro numbers as digits), which is what the bank is sent.
 */
export function toTokenRequestInput(dto: StoreTokenRequestRequest): {
  readonly requestOptions: TokenRequestOptionsInput;
  readonly requestPayload: TokenRequestPayloadInput;
} {
  const payload = plain(dto.requestPayload) as unknown as TokenRequestPayloadInput;
  const transferBody = withDestinations(payload.transferBody);
  const standingOrderBody = withDestinations(payload.standingOrderBody);
  return {
    requestOptions: (plain(dto.requestOptions) ?? {}) as TokenRequestOptionsInput,
    requestPayload: {
      ...payload,
      ...(transferBody === undefined ? {} : { transferBody }),
      ...(standingOrderBody === undefined ? {} : { standingOrderBody }),
    },
  };
}
