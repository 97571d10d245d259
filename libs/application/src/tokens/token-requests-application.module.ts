import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { SecretsModule } from '#libs/secrets';
import { TransfersApplicationModule } from '../transfers/transfers-application.module.js';
import { AuthorizeTokenRequestUseCase } from './authorize-token-request.usecase.js';
import { CompleteTokenRequest } from './complete-token-request.js';
import { DescribeTokenRequestUseCase } from './describe-token-request.usecase.js';
import { FindHostedTokenRequestUseCase } from './find-hosted-token-request.usecase.js';
import { ListTokenRequestBanksUseCase } from './list-token-request-banks.usecase.js';
import { PickTokenRequestBankUseCase } from './pick-token-request-bank.usecase.js';
import { StandingOrderOutcomeAsker } from './standing-order-outcome-asker.js';
import { StartTokenRequestAtBankUseCase } from './start-token-request-at-bank.usecase.js';
import { SubmitHostedTokenRequestCredentialsUseCase } from './submit-hosted-token-request-credentials.usecase.js';
import { TokenIssuance } from './token-issuance.js';
import { TokenRequestBankStart } from './token-request-bank-start.js';
import { TokenRequestCallback } from './token-request-callback.js';
import { TokenRequestEmbeddedSubmission } from './token-request-embedded-submission.js';
import { TokenRequestTimer } from './token-request-timer.js';
import { TokenRequestingParty } from './token-requesting-party.js';

const PROVIDERS = [
  TokenIssuance,
  CompleteTokenRequest,
  TokenRequestBankStart,
  TokenRequestEmbeddedSubmission,
  AuthorizeTokenRequestUseCase,
  StartTokenRequestAtBankUseCase,
  SubmitHostedTokenRequestCredentialsUseCase,
  TokenRequestCallback,
  TokenRequestTimer,
  TokenRequestingParty,
  StandingOrderOutcomeAsker,
  FindHostedTokenRequestUseCase,
  ListTokenRequestBanksUseCase,
  PickTokenRequestBankUseCase,
  DescribeTokenRequestUseCase,
];

/**
 * The token request use cases after POST /token-requests: the bank authorisation, its end
 * (callback, embedded answer, decoupled approval) with the token and the result's signature,
 * and the request's timer. The signing keys (SigningKeyStore) come from `signingKeys`, the
 * process's module that provides them (or a global one).
 */
@Module({})
export class TokenRequestsApplicationModule {
  static register(signingKeys: NonNullable<ModuleMetadata['imports']> = []): DynamicModule {
    return {
      module: TokenRequestsApplicationModule,
      imports: [TransfersApplicationModule, SecretsModule, ...signingKeys],
      providers: PROVIDERS,
      exports: [...PROVIDERS, TransfersApplicationModule],
    };
  }
}
