import type {
  AccountAccessRequest,
  BankAccount,
  BankBalance,
  BankStandingOrder,
  BankTransaction,
  TransactionQuery,
} from '../capabilities/account-information.js';
import type { AuthorisationStep } from '../capabilities/payment-initiation.js';
import { BankRejectedError } from '../bank-errors.js';
import type { BankCallContext } from '../bank-types.js';
import { bankAccount, bankBalance, bankStandingOrder, bankTransaction } from './obie-ais.mappers.js';
import {
  accountDetails,
  balanceRole,
  entryStatus,
  standingOrderDetails,
  transactionDetails,
} from './obie-ais-details.mappers.js';
import { asObject, objectAt, textAt } from '../http/bank-json.js';
import type { ObieParts } from './obie-parts.js';
import { accountAccessRequest } from './obie-requests.mappers.js';
import { mapAccountAccessConsentStatus } from './obie.mappers.js';

const accountPath = (bankAccountId: string, rest = ''): string =>
  `/aisp/accounts/${encodeURIComponent(bankAccountId)}${rest}`;

/** Account information: the account-access consent, then reads with the user's grant. */
export class ObieAis {
  constructor(private readonly parts: ObieParts) {}

  async createAccess(
    ctx: BankCallContext,
    request: AccountAccessRequest,
  ): Promise<{ readonly bankConsentId: string; readonly next: AuthorisationStep }> {
    const token = await this.parts.auth.clientToken(ctx, 'accounts');
    // The standard gives this POST no idempotency key, so it is not retried.
    const body = await this.parts.api.post(
      ctx,
      '/aisp/account-access-consents',
      token,
      accountAccessRequest(request),
      'obie.account-access-consents.create',
    );
    const data = objectAt(body, 'Data', 'Data');
    const bankConsentId = textAt(data, 'ConsentId', 'Data.ConsentId');
    const { status, outcome } = mapAccountAccessConsentStatus(data['Status']);
    if (outcome !== 'AWAITING_AUTHORISATION')
      throw new BankRejectedError(ctx.bankId, 400, status, `The bank created the account-access consent as ${status}.`);
    // No user at the bank is named, so even a decoupled bank is asked in the browser.
    const redirectUrl = await this.parts.auth.authorizeUrl(
      bankConsentId,
      'accounts',
      request.redirectUri,
      request.state,
      request.nonce,
    );
    return { bankConsentId, next: { kind: 'redirect', redirectUrl } };
  }

  /** DELETE of the consent with a client-credentials token, as the standard has it. */
  async revokeAccess(ctx: BankCallContext, bankConsentId: string): Promise<void> {
    const token = await this.parts.auth.clientToken(ctx, 'accounts');
    await this.parts.api.delete(
      ctx,
      `/aisp/account-access-consents/${encodeURIComponent(bankConsentId)}`,
      token,
      'obie.account-access-consents.delete',
    );
  }

  async completeAccessRedirect(
    ctx: BankCallContext,
    params: Readonly<Record<string, string>>,
    redirectUri: string,
  ): Promise<{ readonly grant: string }> {
    const code = params['code'];
    if (params['error'] !== undefined || code === undefined || code === '') {
      throw new BankRejectedError(
        ctx.bankId,
        403,
        params['error'] ?? 'access_denied',
        params['error_description'] ?? 'The user did not authorise account access.',
      );
    }
    return { grant: await this.parts.auth.exchangeCode(ctx, code, redirectUri) };
  }

  async accounts(ctx: BankCallContext, grant: string): Promise<readonly BankAccount[]> {
    return (await this.parts.api.list(ctx, '/aisp/accounts', grant, 'obie.accounts.list', 'Account')).map((raw) => ({
      ...bankAccount(raw),
      details: accountDetails(raw),
    }));
  }

  async balances(ctx: BankCallContext, grant: string, bankAccountId: string): Promise<readonly BankBalance[]> {
    return (
      await this.parts.api.list(ctx, accountPath(bankAccountId, '/balances'), grant, 'obie.balances.list', 'Balance')
    ).map((raw) => ({ ...bankBalance(raw), role: balanceRole(asObject(raw)?.['Type']) }));
  }

  async transactions(
    ctx: BankCallContext,
    grant: string,
    bankAccountId: string,
    query: TransactionQuery,
  ): Promise<readonly BankTransaction[]> {
    const params = new URLSearchParams();
    if (query.from !== undefined) params.set('fromBookingDateTime', query.from);
    if (query.to !== undefined) params.set('toBookingDateTime', query.to);
    const search = params.size === 0 ? '' : `?${params.toString()}`;
    return (
      await this.parts.api.list(
        ctx,
        accountPath(bankAccountId, `/transactions${search}`),
        grant,
        'obie.transactions.list',
        'Transaction',
      )
    ).map((raw) => ({
      ...bankTransaction(raw),
      status: entryStatus(asObject(raw)?.['Status']),
      details: transactionDetails(raw),
    }));
  }

  async standingOrders(
    ctx: BankCallContext,
    grant: string,
    bankAccountId: string,
  ): Promise<readonly BankStandingOrder[]> {
    return (
      await this.parts.api.list(
        ctx,
        accountPath(bankAccountId, '/standing-orders'),
        grant,
        'obie.standing-orders.list',
        'StandingOrder',
      )
    ).map((raw) => ({ ...bankStandingOrder(raw), details: standingOrderDetails(raw) }));
  }
}
