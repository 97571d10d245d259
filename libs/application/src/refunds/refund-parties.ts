import {
  fieldProblem,
  checkAccountForRail,
  underPath,
  type FieldProblem,
  type RefundParty,
  type RefundRail,
} from '#libs/domain';

type JsonObject = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The payer's account of the original, as stored: a payment's refund account (flat account
 * fields and name) or a transfer's source (accountIdentifier keyed by its kind, customerData).
 */
export function payerAccountOf(stored: unknown): RefundParty | undefined {
  if (!isObject(stored)) return undefined;
  const identifier = stored['accountIdentifier'];
  if (!isObject(identifier)) {
    const party: Record<string, string> = {};
    for (const field of ['iban', 'bic', 'sortCode', 'accountNumber', 'bban', 'name'] as const) {
      const value = text(stored[field]);
      if (value !== undefined) party[field] = value;
    }
    return Object.keys(party).length === 0 ? undefined : party;
  }
  const iban = identifier['iban'];
  const gb = identifier['gbDomestic'];
  const names = isObject(stored['customerData']) ? stored['customerData']['legalNames'] : undefined;
  const name = Array.isArray(names) ? text(names[0]) : undefined;
  const withName = (party: RefundParty): RefundParty => (name === undefined ? party : { ...party, name });
  if (isObject(iban) && text(iban['iban']) !== undefined)
    return withName({
      iban: iban['iban'] as string,
      ...(text(iban['bic']) === undefined ? {} : { bic: iban['bic'] as string }),
    });
  if (isObject(gb) && text(gb['sortCode']) !== undefined && text(gb['accountNumber']) !== undefined)
    return withName({ sortCode: gb['sortCode'] as string, accountNumber: gb['accountNumber'] as string });
  return undefined;
}

/** Only the identifier fields the rail takes, with the names and address kept. */
function forRail(party: RefundParty, rail: RefundRail): RefundParty {
  const { iban, bic, sortCode, accountNumber, ...rest } = party;
  const names = Object.fromEntries(
    Object.entries(rest).filter(
      ([key]) => !['bban', 'clearingNumber', 'bankgiroNumber', 'plusgiroNumber'].includes(key),
    ),
  );
  return rail === 'FASTER_PAYMENTS'
    ? {
        ...names,
        ...(sortCode === undefined ? {} : { sortCode }),
        ...(accountNumber === undefined ? {} : { accountNumber }),
      }
    : { ...names, ...(iban === undefined ? {} : { iban }), ...(bic === undefined ? {} : { bic }) };
}

/**
 * A debtor or creditor taken from stored data (the registration, the original payment): it must
 * fit the rail, or the problem names `blame` (the field the member can change).
 */
export function storedPartyForRail(
  party: RefundParty,
  rail: RefundRail,
  role: 'debtor' | 'creditor',
  blame: string,
  source: string,
): { readonly party: RefundParty } | { readonly problems: readonly FieldProblem[] } {
  const narrowed = forRail(party, rail);
  const problems = checkAccountForRail(narrowed, rail, { role });
  if (problems.length === 0) return { party: narrowed };
  const detail = underPath(role, problems)
    .map((problem) => `${problem.path} ${problem.message}`)
    .join('; ');
  return { problems: [fieldProblem(blame, `${source} cannot be used for ${rail}: ${detail}`)] };
}
