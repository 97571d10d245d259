import { Body, Controller, Get, Headers, Inject, Param, Put } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import { assertSandboxAdmin } from './sandbox-admin-auth.js';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { FaultStore } from '../store/fault.store.js';
import { FaultSettingsRequest, type FaultSettingsResponse } from './fault-settings.dto.js';

/**
 * Sandbox-only admin route: a bank's injected latency and error rate. When ADMIN_TOKEN is
 * configured it must be sent as a Bearer token.
 */
@Controller('sandbox/faults')
export class FaultsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly faults: FaultStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':bankId')
  async read(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<FaultSettingsResponse> {
    const bank = this.authorised(bankId, authorization);
    return { bankId, ...(await this.faults.current(bank)) };
  }

  @Put(':bankId')
  async set(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: FaultSettingsRequest,
  ): Promise<FaultSettingsResponse> {
    this.authorised(bankId, authorization);
    await this.faults.set(bankId, { latencyMs: body.latencyMs, errorRate: body.errorRate });
    return { bankId, latencyMs: body.latencyMs, errorRate: body.errorRate };
  }

  private authorised(bankId: string, authorization: string | undefined): SandboxBankDefinition {
    assertSandboxAdmin(this.config, authorization);
    const bank = this.banks.find(bankId);
    if (bank === undefined) throw GatewayError.notFound(bankId, `No sandbox bank ${bankId}.`);
    return bank;
  }
}
