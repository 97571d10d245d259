import {
  Body,
  Controller,
  Header,
  Headers,
  HttpCode,
  Param,
  Post,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { stringFields } from '#libs/common';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { FaultInjectionGuard } from '../http/fault-injection.guard.js';
import { LostAnswerInterceptor } from '../http/lost-answer.interceptor.js';
import { OAuthError } from '../http/obie-error.js';
import { SandboxErrorFilter } from '../http/sandbox-error.filter.js';
import { CibaService, type BackchannelResponse } from './ciba.service.js';
import { authenticateClient } from './client-authentication.js';
import { TokenService, type TokenResponse } from './token.service.js';

function formOnly(contentType: string | undefined): void {
  if (!(contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
}

/** The authorisation server's machine endpoints: token and CIBA backchannel authentication. */
@UseFilters(SandboxErrorFilter)
@UseGuards(FaultInjectionGuard)
@UseInterceptors(LostAnswerInterceptor)
@Controller('banks/:bankId/as')
export class TokenController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly tokens: TokenService,
    private readonly ciba: CibaService,
  ) {}

  @Post('token')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async token(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<TokenResponse> {
    const bank = this.banks.get(bankId);
    formOnly(contentType);
    return this.tokens.exchange(bank, authenticateClient(bank, authorization), stringFields(body));
  }

  @Post('bc-authorize')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async backchannelAuthorize(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<BackchannelResponse> {
    const bank = this.banks.get(bankId);
    formOnly(contentType);
    return this.ciba.start(bank, authenticateClient(bank, authorization), stringFields(body));
  }
}
