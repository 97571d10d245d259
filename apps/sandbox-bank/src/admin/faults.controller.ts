import { Body, Controller, Get, Headers, Inject, Param, Put } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import type { FaultSettings } from '../banks/sandbox-bank-definition.js';
import { FaultSubjects } from '../http/fault-subjects.js';
import { FaultStore, type FaultSubject } from '../store/fault.store.js';
import { assertSandboxAdmin } from './sandbox-admin-auth.js';
import { FaultSettingsRequest, type FaultSettingsResponse } from './fault-settings.dto.js';

function response(bankId: string, faults: FaultSettings): FaultSettingsResponse {
  return { bankId, ...faults, only: [...faults.only] };
}

/**
 * Sandbox-only admin route: a bank's (or the settlement provider's, under its provider id)
 * injected faults. When ADMIN_TOKEN is configured it must be sent as a Bearer token.
 */
@Controller('sandbox/faults')
export class FaultsController {
  constructor(
    private readonly subjects: FaultSubjects,
    private readonly faults: FaultStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':bankId')
  async read(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<FaultSettingsResponse> {
    const subject = this.authorised(bankId, authorization);
    return response(bankId, await this.faults.current(subject));
  }

  @Put(':bankId')
  async set(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: FaultSettingsRequest,
  ): Promise<FaultSettingsResponse> {
    this.authorised(bankId, authorization);
    const faults: FaultSettings = {
      latencyMs: body.latencyMs ?? 0,
      errorRate: body.errorRate ?? 0,
      lostAnswerRate: body.lostAnswerRate ?? 0,
      lateAnswerMs: body.lateAnswerMs ?? 0,
      only: body.only ?? [],
    };
    await this.faults.set(bankId, faults);
    return response(bankId, faults);
  }

  private authorised(bankId: string, authorization: string | undefined): FaultSubject {
    assertSandboxAdmin(this.config, authorization);
    const subject = this.subjects.byId(bankId);
    if (subject === undefined) throw GatewayError.notFound(bankId, `No sandbox bank ${bankId}.`);
    return subject;
  }
}
