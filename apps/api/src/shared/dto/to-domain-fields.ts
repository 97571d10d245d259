import {
  normalizeAccountNumber,
  normalizeBban,
  normalizeBic,
  normalizeClearingNumber,
  normalizeGiroNumber,
  normalizeIban,
  normalizeSortCode,
  normalizeText,
  type PaymentAccountFields,
  type PaymentDebtor,
} from '#libs/domain';
import type { AccountFieldsDto } from './account-fields.dto.js';
import type { AddressDto } from './address.dto.js';
import type { DebtorDto } from './debtor.dto.js';

/** The object without its absent (undefined or null) entries. */
export function compact<T extends object>(record: { [K in keyof T]: T[K] | null | undefined }): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== null)) as T;
}

export function text(value: string | null | undefined): string | undefined {
  return value === undefined || value === null ? undefined : normalizeText(value);
}

export function texts(values: readonly string[] | null | undefined): string[] | undefined {
  return values === undefined || values === null ? undefined : values.map(normalizeText);
}

export function normalized(value: string | null | undefined, normalize: (value: string) => string): string | undefined {
  return value === undefined || value === null ? undefined : normalize(value.trim());
}

export function accountOf(dto: AccountFieldsDto): PaymentAccountFields {
  return compact<PaymentAccountFields>({
    iban: normalized(dto.iban, normalizeIban),
    bic: normalized(dto.bic, normalizeBic),
    sortCode: normalized(dto.sortCode, normalizeSortCode),
    accountNumber: normalized(dto.accountNumber, normalizeAccountNumber),
    bban: normalized(dto.bban, normalizeBban),
    clearingNumber: normalized(dto.clearingNumber, normalizeClearingNumber),
    bankgiroNumber: normalized(dto.bankgiroNumber, normalizeGiroNumber),
    plusgiroNumber: normalized(dto.plusgiroNumber, normalizeGiroNumber),
  });
}

export function addressOf(dto: AddressDto | null | undefined): Readonly<Record<string, unknown>> | undefined {
  if (dto === undefined || dto === null) return undefined;
  return compact({
    addressLine: texts(dto.addressLine),
    streetName: text(dto.streetName),
    buildingNumber: text(dto.buildingNumber),
    postCode: text(dto.postCode),
    townName: text(dto.townName),
    state: text(dto.state),
    district: text(dto.district),
    country: dto.country ?? undefined,
  });
}

export function debtorOf(dto: DebtorDto | null | undefined): PaymentDebtor | undefined {
  if (dto === undefined || dto === null) return undefined;
  return compact<PaymentDebtor>({
    tokenizedAccountId: text(dto.tokenizedAccountId),
    name: text(dto.name),
    ultimateDebtorName: text(dto.ultimateDebtorName),
    address: addressOf(dto.address),
    ...accountOf(dto),
  });
}
