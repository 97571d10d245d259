import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GatewayError, Public, bankLogoSvg } from '#libs/common';
import { GetBankLogoUseCase } from '#libs/application';
import { bankLogoFileOf } from './bank-logo-file.js';

/** A week in the browser and shared caches; a renamed bank's logo catches up within a day after that. */
const CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';

/**
 * GET /logos/{bankId}.svg and /logos/{bankId}.full.svg: logos drawn from the bank's catalogue
 * entry (its colour from the id, its initials and name), for catalogue entries that have no logo
 * of their own elsewhere. Public and outside the API description: pages and bank lists link them.
 */
@ApiExcludeController()
@Public()
@Controller('logos')
export class LogosController {
  constructor(private readonly logos: GetBankLogoUseCase) {}

  @Get(':file')
  async logo(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const wanted = bankLogoFileOf(file);
    const bank = wanted === undefined ? null : await this.logos.execute({ bankId: wanted.bankId });
    if (wanted === undefined || bank === null) throw GatewayError.notFound(file, 'No such logo.');
    await reply
      .status(200)
      .headers({
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': CACHE_CONTROL,
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'x-content-type-options': 'nosniff',
      })
      .send(bankLogoSvg(bank, wanted.variant));
  }
}
