import { GatewayError } from '#libs/common';
import type { SettlementAccountRepository } from '#libs/db';
import { settlementCreditorFor, type MemberId, type PaymentInitiationInput } from '#libs/domain';

const FIELD = 'initiation.creditor.virtualAccountId';

/**
 * An initiation whose creditor names a settlement account (`virtualAccountId`), with the
 * account's name (the payee's name at the bank, in place of any the request gave) and the
 * identifiers of the rail filled in (what the bank is sent; answers leave the identifiers out
 * again). The account must be the member's, ACTIVE, in the payment's
 * currency and have identifiers for the rail; otherwise a 400 naming the field. Other
 * initiations are answered as they are.
 */
export async function withSettlementCreditor(
  accounts: SettlementAccountRepository,
  memberId: MemberId,
  input: PaymentInitiationInput,
): Promise<PaymentInitiationInput> {
  const accountId = input.creditor.virtualAccountId;
  if (accountId === undefined) return input;
  const account = await accounts.findForMember(memberId, accountId);
  if (account === null)
    throw GatewayError.invalidField(FIELD, `${FIELD} ${accountId} is not a settlement account of the member.`);
  const resolved = settlementCreditorFor(account, {
    currency: input.amount.currency,
    localInstrument: input.localInstrument,
  });
  if (!resolved.ok) throw GatewayError.invalidField(FIELD, `${FIELD}: ${resolved.message}.`);
  return {
    ...input,
    creditor: {
      ...input.creditor,
      ...resolved.account,
      name: resolved.name,
    },
  };
}
