import type {
  AccountAccessRequest,
  BankAccount,
  BankBalance,
  BankTransaction,
  TransactionQuery,
} from '../capabilities/account-information.js';
import type { AuthorisationStep } from '../capabilities/payment-initiation.js';
import { BankRejectedError } from '../bank-errors.js';
import type { BankCallContext } from '../bank-types.js';
import { MalformedBankResponseError, arrayAt, asObject, textAt } from '../http/bank-json.js';
import { XS2A_PATHS } from './berlin-group-api.js';
import { bankAccount, bankBalance, bankTransaction } from './berlin-group-ais.mappers.js';
import { xs2aAccountDetails, xs2aBalanceRole, xs2aTransactionDetails } from './berlin-group-ais-details.mappers.js';
import { linkHref, offersAuthorisationStart } from './berlin-group-links.js';
import type { BerlinGroupParts } from './berlin-group-payments.js';
import { consentBody, isoDate, tppRedirectUris } from './berlin-group-requests.mappers.js';
import { mapConsentStatus } from './berlin-group.mappers.js';

/** Most pages of a transaction list the connector follows (`_links.next`). */
const MAX_PAGES = 50;
/** Without `from`, transactions are read this far back (XS2A requires dateFrom; 90 days need no new SCA). */
export const DEFAULT_TRANSACTION_DAYS = 90;

/**
 * Account information: the consent (authorised by redirect: the request names no user at the
 * bank, so even an embedded or decoupled bank is asked in the browser), then reads that carry
 * the consent id as Consent-ID. The grant handed to the caller is that consent id.
 */
export class BerlinGroupAis {
  constructor(
    private readonly parts: BerlinGroupParts,
    private readonly nowMs: () => number,
  ) {}

  async createAccess(
    ctx: BankCallContext,
    request: AccountAccessRequest,
  ): Promise<{ readonly bankConsentId: string; readonly next: AuthorisationStep }> {
    const uris = tppRedirectUris(request.redirectUri, request.state);
    const { tppRedirect } = this.parts.settings;
    const headers = {
      'TPP-Redirect-Preferred': 'true',
      'TPP-Redirect-URI': uris.ok,
      ...(tppRedirect.nokRedirect ? { 'TPP-Nok-Redirect-URI': uris.nok } : {}),
      'TPP-Explicit-Authorisation-Preferred': String(tppRedirect.explicitAuthorisation),
    };
    const created = await this.parts.api.call(ctx, {
      method: 'POST',
      path: XS2A_PATHS.consents(),
      operation: 'xs2a.consents.create',
      body: consentBody(request, this.nowMs()),
      headers,
    });
    const bankConsentId = textAt(created.body, 'consentId', 'consentId');
    const { status, outcome } = mapConsentStatus(created.body['consentStatus']);
    if (outcome !== 'AWAITING_AUTHORISATION')
      throw new BankRejectedError(ctx.bankId, 400, status, `The bank created the consent as ${status}.`);
    let answer = created;
    if (linkHref(answer.body, 'scaRedirect') === undefined && offersAuthorisationStart(answer.body)) {
      answer = await this.parts.api.call(ctx, {
        method: 'POST',
        path: XS2A_PATHS.consentAuthorisations(bankConsentId),
        operation: 'xs2a.consents.authorisations.start',
        headers,
      });
    }
    const redirectUrl = linkHref(answer.body, 'scaRedirect');
    if (redirectUrl === undefined) throw new MalformedBankResponseError('_links.scaRedirect');
    return { bankConsentId, next: { kind: 'redirect', redirectUrl } };
  }

  /** DELETE /v1/consents/{consentId}: the consent ends terminatedByTpp. */
  async revokeAccess(ctx: BankCallContext, bankConsentId: string): Promise<void> {
    await this.parts.api.call(ctx, {
      method: 'DELETE',
      path: XS2A_PATHS.consent(bankConsentId),
      operation: 'xs2a.consents.delete',
    });
  }

  async completeAccessRedirect(
    ctx: BankCallContext,
    bankConsentId: string,
    params: Readonly<Record<string, string>>,
  ): Promise<{ readonly grant: string }> {
    if (params['error'] !== undefined) {
      throw new BankRejectedError(
        ctx.bankId,
        403,
        params['error'],
        params['error_description'] ?? 'The user did not authorise account access.',
      );
    }
    const read = await this.parts.api.get(ctx, XS2A_PATHS.consentStatus(bankConsentId), 'xs2a.consents.status');
    const { status, outcome } = mapConsentStatus(read.body['consentStatus']);
    if (outcome !== 'COMPLETED')
      throw new BankRejectedError(
        ctx.bankId,
        403,
        status === 'rejected' ? 'access_denied' : status,
        `The consent is ${status}, not valid.`,
      );
    return { grant: bankConsentId };
  }

  async accounts(ctx: BankCallContext, grant: string): Promise<readonly BankAccount[]> {
    const read = await this.parts.api.get(ctx, XS2A_PATHS.accounts(), 'xs2a.accounts.list', { 'Consent-ID': grant });
    return arrayAt(read.body, 'accounts', 'accounts').map((raw) => {
      const account = bankAccount(raw);
      const details = xs2aAccountDetails(raw);
      // A card account is named by its card number (maskedPan) alone.
      const card = account.identifiers.length === 0 && details.pan !== undefined;
      return { ...account, ...(card ? { type: 'CARD' as const } : {}), details };
    });
  }

  async balances(ctx: BankCallContext, grant: string, bankAccountId: string): Promise<readonly BankBalance[]> {
    const read = await this.parts.api.get(ctx, XS2A_PATHS.balances(bankAccountId), 'xs2a.balances.list', {
      'Consent-ID': grant,
    });
    const nowIso = new Date(this.nowMs()).toISOString();
    return arrayAt(read.body, 'balances', 'balances').map((balance) => ({
      ...bankBalance(balance, nowIso),
      role: xs2aBalanceRole(asObject(balance)?.['balanceType']),
    }));
  }

  /** Booked and pending entries (bookingStatus=both) from `from` (default 90 days back) to `to`, page after page. */
  async transactions(
    ctx: BankCallContext,
    grant: string,
    bankAccountId: string,
    query: TransactionQuery,
  ): Promise<readonly BankTransaction[]> {
    const params = new URLSearchParams({
      bookingStatus: 'both',
      dateFrom: isoDate(query.from ?? new Date(this.nowMs() - DEFAULT_TRANSACTION_DAYS * 86_400_000).toISOString()),
      ...(query.to === undefined ? {} : { dateTo: isoDate(query.to) }),
    });
    const entries: BankTransaction[] = [];
    let path: string | undefined = `${XS2A_PATHS.transactions(bankAccountId)}?${params.toString()}`;
    for (let page = 0; path !== undefined && page < MAX_PAGES; page += 1) {
      const read = await this.parts.api.get(ctx, path, 'xs2a.transactions.list', { 'Consent-ID': grant });
      const report = asObject(read.body['transactions']);
      if (report === undefined) throw new MalformedBankResponseError('transactions');
      entries.push(
        ...arrayAt(report, 'booked', 'transactions.booked').map((entry) => ({
          ...bankTransaction(entry, 'BOOKED'),
          details: xs2aTransactionDetails(entry),
        })),
      );
      entries.push(
        ...arrayAt(report, 'pending', 'transactions.pending').map((entry) => ({
          ...bankTransaction(entry, 'PENDING'),
          details: xs2aTransactionDetails(entry),
        })),
      );
      const next = linkHref(report, 'next');
      path = next !== undefined && this.parts.api.sameOrigin(next) ? this.parts.api.resolve(next) : undefined;
    }
    return entries;
  }
}
