import type { AccountIdentifier, PartyAccount } from '../bank-types.js';
import { asObject, optionalText, type JsonObject } from '../http/bank-json.js';

/** OBExternalAccountIdentification4Code values the gateway can express. */
export const OB_SCHEME = {
  sortCode: 'UK.OBIE.SortCodeAccountNumber',
  iban: 'UK.OBIE.IBAN',
  bban: 'UK.OBIE.BBAN',
} as const;

/** An OBIE account (OBCashAccount*) for a gateway account identifier, or undefined when OBIE has no scheme for it. */
export function obAccountFor(
  party: PartyAccount,
): { SchemeName: string; Identification: string; Name: string } | undefined {
  const { identifier } = party;
  switch (identifier.type) {
    case 'gbDomestic':
      return {
        SchemeName: OB_SCHEME.sortCode,
        Identification: `${identifier.sortCode}${identifier.accountNumber}`.replace(/\D/g, ''),
        Name: party.name,
      };
    case 'iban':
      return { SchemeName: OB_SCHEME.iban, Identification: identifier.iban.replace(/\s/g, ''), Name: party.name };
    case 'bban':
      return { SchemeName: OB_SCHEME.bban, Identification: identifier.bban, Name: party.name };
    case 'bankgiro':
    case 'plusgiro':
      return undefined;
  }
}

/** A gateway identifier for an OBIE account, when its scheme is one the gateway knows. */
export function identifierFor(account: JsonObject | undefined): AccountIdentifier | undefined {
  const scheme = optionalText(account, 'SchemeName');
  const identification = optionalText(account, 'Identification');
  if (scheme === undefined || identification === undefined) return undefined;
  if ((scheme === OB_SCHEME.sortCode || scheme === 'SortCodeAccountNumber') && /^\d{14}$/.test(identification)) {
    return { type: 'gbDomestic', sortCode: identification.slice(0, 6), accountNumber: identification.slice(6) };
  }
  if (scheme === OB_SCHEME.iban || scheme === 'IBAN') return { type: 'iban', iban: identification };
  if (scheme === OB_SCHEME.bban || scheme === 'BBAN') return { type: 'bban', bban: identification };
  return undefined;
}

export function partyFor(value: unknown): PartyAccount | undefined {
  const account = asObject(value);
  const identifier = identifierFor(account);
  return identifier === undefined ? undefined : { name: optionalText(account, 'Name') ?? '', identifier };
}
