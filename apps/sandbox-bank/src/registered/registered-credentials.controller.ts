import { timingSafeEqual } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { AccountStore } from '../store/account.store.js';
import { GrantStore } from '../store/grant.store.js';
import { REGISTERED_CREDENTIAL_TTL_SECONDS } from '../oauth/token-lifetimes.js';

export interface RegisteredCredentialResponse {
  readonly credential: string;
  readonly clientId: string;
  readonly username: string;
  /** The account holder's current account, the one a refund registration names as its debtor. */
  readonly account: { readonly schemeName: string; readonly identification: string; readonly name: string };
}

function text(body: unknown, field: string): string {
  const value = (body as Record<string, unknown> | null)?.[field];
  if (typeof value !== 'string' || value === '' || value.length > 128)
    throw GatewayError.invalidField(field, `${field} is required (1 to 128 characters)`);
  return value;
}

/**
 * Sandbox-only: what an account holder arranges with a real bank for a TPP to pay from the
 * account without the holder present (a corporate or merchant agreement; the UK Open Banking
 * standard has no API for it). It issues a credential bound to the holder and to one TPP client:
 * the client presents it at the token endpoint (`grant_type=client_credentials`,
 * `registered_credential`) and gets a token whose domestic payment consents are authorised at
 * once, from the holder's account. When ADMIN_TOKEN is configured it must be sent as a Bearer token.
 */
@Controller('sandbox/registered-credentials')
export class RegisteredCredentialsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly grants: GrantStore,
    private readonly accounts: AccountStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(':bankId')
  @HttpCode(200)
  async issue(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
  ): Promise<RegisteredCredentialResponse> {
    this.authorise(authorization);
    const bank = this.banks.find(bankId);
    if (bank === undefined || bank.protocol !== 'obie')
      throw GatewayError.notFound(bankId, `No UK Open Banking sandbox bank ${bankId}.`);
    const clientId = text(body, 'clientId');
    const username = text(body, 'username');
    if (!bank.clients.some((client) => client.clientId === clientId))
      throw GatewayError.invalidField('clientId', `clientId ${clientId} is not a client of ${bankId}`);
    const [current] = await this.accounts.ensureAccounts(bank.id, username);
    if (current === undefined) throw GatewayError.invalidField('username', `${username} holds no account`);
    const { value } = await this.grants.issue(
      { bankId: bank.id, kind: 'registered-account', clientId, scope: 'payments', status: 'active', username },
      REGISTERED_CREDENTIAL_TTL_SECONDS,
    );
    return {
      credential: value,
      clientId,
      username,
      account: { schemeName: current.schemeName, identification: current.identification, name: current.holderName },
    };
  }

  private authorise(authorization: string | undefined): void {
    if (this.config.environment !== 'sandbox')
      throw new GatewayError('PermissionDenied', { message: 'Registered credentials exist only in sandbox.' });
    const expected = this.config.adminToken;
    if (expected === undefined) return;
    const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '', 'utf8');
    const wanted = Buffer.from(expected, 'utf8');
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw new GatewayError('Unauthenticated');
  }
}
