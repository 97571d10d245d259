import { Module } from '@nestjs/common';
import { PaymentsApplicationModule } from '../payments/payments-application.module.js';
import { CancelTokenUseCase } from './cancel-token.usecase.js';
import { CreateTokenRequestUseCase } from './create-token-request.usecase.js';
import { GetTokenRequestResultUseCase } from './get-token-request-result.usecase.js';
import { GetTokenRequestUseCase } from './get-token-request.usecase.js';
import { GetTokenUseCase } from './get-token.usecase.js';
import { ListTokensUseCase } from './list-tokens.usecase.js';

const USE_CASES = [
  CreateTokenRequestUseCase,
  GetTokenRequestUseCase,
  GetTokenRequestResultUseCase,
  ListTokensUseCase,
  GetTokenUseCase,
  CancelTokenUseCase,
];

/** The token request and token use cases (POST/GET /token-requests, /tokens), on the bank connectors of the payments. */
@Module({
  imports: [PaymentsApplicationModule],
  providers: USE_CASES,
  exports: USE_CASES,
})
export class TokensApplicationModule {}
