import { Decimal } from 'decimal.js';

/** A problem of one request field: its dotted path and what is wrong with it. */
export interface RedemptionProblem {
  readonly path: string;
  readonly message: string;
}

/**
 * The description a redeemed transfer carries, per the interface's rule for a token request's
 * description in later calls: a description given must match the token request's; one the token
 * request did not have must be left out; an omitted description is replaced with the refId.
 */
export function redemptionDescription(
  requested: string | undefined,
  given: string | undefined,
  refId: string,
): { readonly description: string } | RedemptionProblem {
  if (given === undefined) return { description: refId };
  if (requested === undefined)
    return {
      path: 'payload.description',
      message: 'payload.description must be omitted: the token request has no description.',
    };
  if (given !== requested)
    return {
      path: 'payload.description',
      message: "payload.description must match the token request's description.",
    };
  return { description: given };
}

/** What a transfer token allows: its lifetime amount, what it has paid, and its currency. */
export interface TokenAllowance {
  readonly lifetimeAmount: string;
  readonly redeemedAmount: string;
  readonly currency: string;
}

/**
 * Whether a transfer of `amount` may be made with the token: in the token's currency, within
 * what is left of its lifetime amount and, where the bank's consent is for one exact amount
 * (`exactAmount`: a UK Open Banking consent pays exactly what the user authorised), for that
 * amount. Undefined when it may.
 */
export function checkRedemptionAmount(
  amount: { readonly value: string; readonly currency: string },
  token: TokenAllowance,
  exactAmount: boolean,
): RedemptionProblem | undefined {
  if (amount.currency !== token.currency)
    return {
      path: 'payload.amount.currency',
      message: `payload.amount.currency must be the token's currency, ${token.currency}.`,
    };
  const remaining = new Decimal(token.lifetimeAmount).minus(token.redeemedAmount);
  if (new Decimal(amount.value).greaterThan(remaining))
    return {
      path: 'payload.amount.value',
      message: `payload.amount.value must be at most what the token has left to pay, ${remaining.toFixed()} ${token.currency}.`,
    };
  if (exactAmount && !new Decimal(amount.value).equals(token.lifetimeAmount))
    return {
      path: 'payload.amount.value',
      message: `payload.amount.value must be the amount the user authorised at the bank, ${new Decimal(token.lifetimeAmount).toFixed()} ${token.currency}.`,
    };
  return undefined;
}
