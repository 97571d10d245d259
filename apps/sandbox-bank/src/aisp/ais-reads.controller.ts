import { Controller, Get, Param } from '@nestjs/common';
import { TppInitiatedAccess } from './tpp-initiated-access.js';

/** Sandbox-only: how many account-information reads a consent made (tests show what reached the bank). */
@Controller('sandbox/ais-reads')
export class AisReadsController {
  constructor(private readonly access: TppInitiatedAccess) {}

  @Get(':bankId/:consentId')
  counts(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
  ): { readonly total: number; readonly tppInitiated: number } {
    return this.access.counts(bankId, consentId);
  }
}
