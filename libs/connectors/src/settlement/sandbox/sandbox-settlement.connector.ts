import { BankUnavailableError } from '../../bank-errors.js';
import { UnknownBankStatusError } from '../../bank-status-codes.js';
import type { BankCallContext } from '../../bank-types.js';
import type { InitiationProgress } from '../../capabilities/initiation-progress.js';
import type { BankHttpClient } from '../../http/bank-http-client.js';
import { MalformedBankResponseError, arrayAt, asObject, optionalText } from '../../http/bank-json.js';
import type { BankErrorDetail, BankResponse, HttpMethod } from '../../http/bank-request.js';
import type {
  AccountVerificationOutcome,
  AccountVerificationRequest,
  OpenSettlementAccountRequest,
  PayoutRequest,
  ProviderCallContext,
  ProviderSettlementAccount,
  SettlementCredit,
  SettlementCreditPage,
  SettlementCreditQuery,
  SettlementProviderConnector,
} from '../settlement-provider-connector.js';
import type { SandboxSettlementSettings } from './sandbox-settlement-settings.js';
import {
  toPayoutProgress,
  toSettlementAccount,
  toSettlementCredit,
  toVerificationOutcome,
} from './sandbox-settlement.mappers.js';

/** The provider's error body: `{ code, message }`. */
function describeError(body: unknown): BankErrorDetail | undefined {
  const code = optionalText(body, 'code');
  const message = optionalText(body, 'message');
  return code === undefined && message === undefined
    ? undefined
    : { ...(code === undefined ? {} : { code }), ...(message === undefined ? {} : { message }) };
}

/** The fields of `value` that are set. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as Partial<T>;
}

interface Call {
  readonly method: HttpMethod;
  readonly path: string;
  readonly operation: string;
  readonly body?: object;
  /** A write that is safe to repeat (the provider dedupes it), retried like a read. */
  readonly idempotent?: boolean;
}

/**
 * The sandbox bank's settlement provider API (`/settlement/v1`, docs/settlement-provider.md)
 * as a SettlementProviderConnector: a static Bearer key, JSON both ways, `{ code, message }`
 * errors. Opening an account (by the gateway's accountId) and sending a payout (by payoutId)
 * are idempotent at the provider, so they are retried like reads. An answer without the shape
 * the API gives it, or with a code outside its code sets, is a BankUnavailableError.
 */
export class SandboxSettlementConnector implements SettlementProviderConnector {
  readonly providerId: string;

  constructor(
    private readonly settings: SandboxSettlementSettings,
    private readonly http: BankHttpClient,
  ) {
    this.providerId = settings.providerId;
  }

  async openAccount(
    ctx: ProviderCallContext,
    request: OpenSettlementAccountRequest,
  ): Promise<ProviderSettlementAccount> {
    return this.read(ctx, toSettlementAccount, {
      method: 'POST',
      path: '/accounts',
      operation: 'settlement.accounts.open',
      body: {
        reference: request.accountId,
        currency: request.currency,
        country: request.country,
        ...defined({ name: request.accountNickName }),
      },
      idempotent: true,
    });
  }

  async getAccount(ctx: ProviderCallContext, providerAccountId: string): Promise<ProviderSettlementAccount> {
    return this.read(ctx, toSettlementAccount, {
      method: 'GET',
      path: `/accounts/${encodeURIComponent(providerAccountId)}`,
      operation: 'settlement.accounts.get',
    });
  }

  async listCredits(
    ctx: ProviderCallContext,
    providerAccountId: string,
    query: SettlementCreditQuery,
  ): Promise<SettlementCreditPage> {
    const params = new URLSearchParams(
      defined({
        ...(query.cursor === undefined ? { since: query.since } : { cursor: query.cursor }),
        limit: query.limit === undefined ? undefined : String(query.limit),
      }) as Record<string, string>,
    );
    return this.read(
      ctx,
      (body) => {
        const credits = arrayAt(body, 'credits', 'credits').map(toSettlementCredit);
        const cursor = optionalText(body, 'nextCursor') ?? query.cursor;
        return { credits, ...(cursor === undefined ? {} : { cursor }) };
      },
      {
        method: 'GET',
        path: `/accounts/${encodeURIComponent(providerAccountId)}/credits?${params.toString()}`,
        operation: 'settlement.credits.list',
      },
    );
  }

  /** One credit of the account (the provider's id of it), once it has arrived. */
  async getCredit(
    ctx: ProviderCallContext,
    providerAccountId: string,
    providerPaymentId: string,
  ): Promise<SettlementCredit> {
    return this.read(ctx, toSettlementCredit, {
      method: 'GET',
      path: `/accounts/${encodeURIComponent(providerAccountId)}/credits/${encodeURIComponent(providerPaymentId)}`,
      operation: 'settlement.credits.get',
    });
  }

  async sendPayout(ctx: ProviderCallContext, request: PayoutRequest): Promise<InitiationProgress> {
    const { creditor } = request;
    return this.read(ctx, toPayoutProgress, {
      method: 'POST',
      path: '/payouts',
      operation: 'settlement.payouts.send',
      body: {
        payoutId: request.payoutId,
        accountId: request.providerAccountId,
        amount: { value: request.amount.value, currency: request.amount.currency },
        refId: request.refId,
        description: request.description,
        creditor: defined({
          name: creditor.name ?? creditor.ultimateCreditorName,
          iban: creditor.iban,
          bic: creditor.bic,
          sortCode: creditor.sortCode,
          accountNumber: creditor.accountNumber,
        }),
      },
      idempotent: true,
    });
  }

  async getPayoutStatus(ctx: ProviderCallContext, bankPaymentId: string): Promise<InitiationProgress> {
    return this.read(ctx, toPayoutProgress, {
      method: 'GET',
      path: `/payouts/${encodeURIComponent(bankPaymentId)}`,
      operation: 'settlement.payouts.get',
    });
  }

  async verifyAccount(
    ctx: ProviderCallContext,
    request: AccountVerificationRequest,
  ): Promise<AccountVerificationOutcome> {
    return this.read(ctx, toVerificationOutcome, {
      method: 'POST',
      path: '/account-verifications',
      operation: 'settlement.account-verifications.create',
      body: defined({
        name: request.name,
        currency: request.currency,
        iban: request.iban,
        bic: request.bic,
        sortCode: request.sortCode,
        accountNumber: request.accountNumber,
        accountType: request.accountType,
      }),
      // A check changes nothing at the provider.
      idempotent: true,
    });
  }

  /** Makes the call and reads its answer; an answer that cannot be read is the provider's failure. */
  private async read<T>(ctx: ProviderCallContext, map: (body: unknown) => T, call: Call): Promise<T> {
    const response = await this.send(ctx, call);
    try {
      if (asObject(response.body) === undefined) throw new MalformedBankResponseError('body');
      return map(response.body);
    } catch (error) {
      if (error instanceof MalformedBankResponseError || error instanceof UnknownBankStatusError)
        throw new BankUnavailableError(this.providerId, response.status, error);
      throw error;
    }
  }

  private send(ctx: ProviderCallContext, call: Call): Promise<BankResponse> {
    const bankCtx: BankCallContext = {
      bankId: ctx.providerId,
      deadlineMs: ctx.deadlineMs,
      ...(ctx.traceId === undefined ? {} : { traceId: ctx.traceId }),
    };
    return this.http.send(bankCtx, {
      method: call.method,
      url: `${this.settings.baseUrl}${call.path}`,
      operation: call.operation,
      headers: {
        authorization: `Bearer ${this.settings.apiKey}`,
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      ...(call.idempotent === true ? { idempotent: true } : {}),
      describeError,
    });
  }
}
