import { Controller, Get, Param, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { bankLogoSvg } from '#libs/common';
import { PageError } from '../http/obie-error.js';
import { SandboxErrorFilter } from '../http/sandbox-error.filter.js';
import { SandboxBankRegistry } from './sandbox-bank-registry.js';

/** GET /banks/{bankId}/logo.svg: the simulated bank's own logo, which its pages show. */
@UseFilters(SandboxErrorFilter)
@Controller('banks/:bankId/logo.svg')
export class BankLogoController {
  constructor(private readonly banks: SandboxBankRegistry) {}

  @Get()
  async logo(@Param('bankId') bankId: string, @Res() reply: FastifyReply): Promise<void> {
    const bank = this.banks.find(bankId);
    if (bank === undefined) throw new PageError(404, `No sandbox bank ${bankId}.`);
    await reply
      .status(200)
      .headers({
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': 'public, max-age=604800',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'x-content-type-options': 'nosniff',
      })
      .send(bankLogoSvg({ id: bank.id, name: bank.name }, 'mark'));
  }
}
