import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { GatewayError } from '#libs/common';
import type { ExplicitRedemption, Money } from '#libs/connectors';
import {
  BankRepository,
  TokenRequestRepository,
  TokenRepository,
  type Bank,
  type Token,
  type TokenRequest,
} from '#libs/db';
import {
  checkRedemptionAmount,
  currencyMinorUnits,
  destinationAccount,
  isTokenUsable,
  redemptionDescription,
  type MemberId,
  type RedemptionProblem,
  type TokenRequestPayloadInput,
  type TransferDestinationInput,
} from '#libs/domain';
import { SecretBox } from '#libs/secrets';
import { transferDatingOf, transferInitiationOf, transferSettlementOf } from './token-request-initiation.js';
import { transferPayloadOf } from './transfer-payload.js';
import { TransferProgression } from './transfer-progression.js';
import { TransferRedemption } from './transfer-redemption.js';
import { renderTransfer, type TransferResource } from './transfer-view.js';

/** POST /transfers's payload after validation (CreateTransferRequest). */
export interface RedeemTransferCommand {
  readonly memberId: MemberId;
  readonly tokenId: string;
  readonly amount?: Money;
  readonly refId?: string;
  readonly description?: string;
  readonly confirmFunds?: boolean;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly transferDestinations?: readonly TransferDestinationInput[];
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

export interface RedeemTransferAnswer {
  readonly transfer: TransferResource;
  /** Present when the transfer needs the user at the bank once more. */
  readonly authorizationDetails?: { readonly authorizationUrl: string };
}

/** The seal a token's bank grant is kept under. */
export function tokenGrantSeal(tokenId: string): { readonly purpose: string; readonly recordId: string } {
  return { purpose: 'token.grant', recordId: tokenId };
}

/** JSON with object keys sorted, so that two equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

function refuse(problem: RedemptionProblem): never {
  throw GatewayError.invalidField(problem.path, problem.message);
}

/**
 * POST /transfers: redeems a transfer token explicitly (the member has auto-redeem off, and the
 * user's authorisation at the bank left a grant to submit the payment with). The token must be
 * the member's (404), for a transfer (400), still usable (403 TokenNotUsable), and held at a
 * bank whose protocol submits an authorised payment as a second step (400 naming
 * payload.tokenId otherwise: such a token was redeemed as the user authorised it). The
 * transfer is stored PROCESSING before the bank is asked (TransferRedemption), and the bank's
 * answer recorded.
 */
@Injectable()
export class RedeemTransferUseCase {
  constructor(
    private readonly tokens: TokenRepository,
    private readonly tokenRequests: TokenRequestRepository,
    private readonly banks: BankRepository,
    private readonly secrets: SecretBox,
    private readonly progression: TransferProgression,
    private readonly redemption: TransferRedemption,
  ) {}

  async execute(command: RedeemTransferCommand): Promise<RedeemTransferAnswer> {
    const { memberId } = command;
    const token = await this.tokens.findForMember(memberId, command.tokenId);
    if (token === null) throw GatewayError.notFound(command.tokenId, `Token ${command.tokenId} not found.`);
    if (token.kind !== 'TRANSFER')
      throw GatewayError.invalidField('payload.tokenId', 'payload.tokenId must name a transfer token.');
    if (!isTokenUsable(token, this.progression.clock.now()))
      throw new GatewayError('TokenNotUsable', {
        message: token.status === 'CANCELLED' ? 'The token is cancelled.' : 'The token has expired.',
      });
    const request = await this.tokenRequests.findById(token.tokenRequestId);
    const bank = await this.banks.find(token.bankId);
    if (request === null || bank === null) throw new Error(`token ${token.id} has lost its request or bank`);
    const explicit = this.progression.connectors.capability(bank, 'payments').explicitRedemption;
    if (explicit === undefined)
      throw GatewayError.invalidField(
        'payload.tokenId',
        "payload.tokenId names a token of a bank that executes the payment as the user authorises it: it was redeemed at authorisation (see the token request result's transferId).",
      );
    if (token.sealedGrant === null || token.bankConsentId === null)
      throw GatewayError.invalidField(
        'payload.tokenId',
        'payload.tokenId names a token that was redeemed at authorisation; it cannot be redeemed again.',
      );
    const requested = request.requestPayload as unknown as TokenRequestPayloadInput;
    const amount = command.amount ?? defaultAmount(token, requested);
    const refId = command.refId ?? requested.refId;
    const checked = checkRedemptionAmount(
      amount,
      {
        lifetimeAmount: token.lifetimeAmount?.toString() ?? '0',
        redeemedAmount: token.redeemedAmount.toString(),
        currency: token.currency ?? '',
      },
      bank.openBankingStandard === 'UK_OPEN_BANKING_STANDARD',
    );
    if (checked !== undefined) refuse(checked);
    const described = redemptionDescription(requested.description, command.description, refId);
    if ('path' in described) refuse(described);
    const destinations = requested.transferBody?.instructions.transferDestinations ?? [];
    if (
      command.transferDestinations !== undefined &&
      canonical(command.transferDestinations) !== canonical(destinations)
    )
      throw GatewayError.invalidField(
        'payload.transferDestinations',
        "payload.transferDestinations must be the token request's transfer destinations (or be omitted).",
      );
    const grant = (await this.secrets.open(tokenGrantSeal(token.id), token.sealedGrant)).toString('utf8');
    const transfer = await this.redemption.redeem(
      {
        token,
        bank,
        amount,
        refId,
        payload: transferPayloadOf(request, {
          tokenId: token.id,
          refId,
          amount,
          description: described.description,
          ...(command.confirmFunds === undefined ? {} : { confirmFunds: command.confirmFunds }),
          ...(command.metadata === undefined ? {} : { metadata: command.metadata }),
        }),
        localInstrument: destinations[0] === undefined ? 'UNKNOWN' : destinationAccount(destinations[0]).rail,
        ...transferDatingOf(request),
        ...transferSettlementOf(request),
        ...(token.actingAsRefId === null ? {} : { actingAsRefId: token.actingAsRefId }),
        ...(command.traceId === undefined ? {} : { traceId: command.traceId }),
        grant,
      },
      () => this.submit(explicit, bank, token, request, amount, grant, command),
    );
    const authorization = transfer.authorization as { readonly authorizationUrl?: string } | null;
    return {
      transfer: renderTransfer(transfer),
      ...(authorization?.authorizationUrl === undefined
        ? {}
        : { authorizationDetails: { authorizationUrl: authorization.authorizationUrl } }),
    };
  }

  private async submit(
    explicit: ExplicitRedemption,
    bank: Bank,
    token: Token,
    request: TokenRequest,
    amount: Money,
    grant: string,
    call: { readonly traceId?: string; readonly psuIpAddress?: string },
  ): ReturnType<ExplicitRedemption['submitAuthorised']> {
    return explicit.submitAuthorised(
      this.progression.callContext(bank.id, call.traceId, call.psuIpAddress),
      { bankConsentId: token.bankConsentId ?? '' },
      { ...transferInitiationOf(request, { redirectUri: this.progression.redirectUri }), amount },
      grant,
    );
  }
}

/** Without an amount, the transfer pays what the token has left (its lifetime amount as first written). */
function defaultAmount(token: Token, requested: TokenRequestPayloadInput): Money {
  const currency = token.currency ?? requested.transferBody?.currency ?? '';
  const lifetime = requested.transferBody?.lifetimeAmount;
  if (token.redeemedAmount.isZero() && lifetime !== undefined) return { value: lifetime, currency };
  const remaining = new Decimal(token.lifetimeAmount?.toString() ?? '0').minus(token.redeemedAmount.toString());
  return { value: remaining.toFixed(currencyMinorUnits(currency) ?? 2), currency };
}
