import { Controller, UseFilters, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { FapiHeadersGuard } from './fapi-headers.guard.js';
import { FaultInjectionGuard } from './fault-injection.guard.js';
import { LostAnswerInterceptor } from './lost-answer.interceptor.js';
import { API_VERSION_PATH } from './obie-request.js';
import { SandboxErrorFilter } from './sandbox-error.filter.js';

/**
 * A controller of a sandbox bank's Open Banking API, under
 * `/banks/{bankId}/open-banking/v3.1/{area}`: OBIE errors, injected faults, FAPI header checks.
 */
export function ObieApiController(area: 'pisp' | 'aisp'): ClassDecorator {
  return applyDecorators(
    UseFilters(SandboxErrorFilter),
    UseGuards(FaultInjectionGuard, FapiHeadersGuard),
    UseInterceptors(LostAnswerInterceptor),
    Controller(`banks/:bankId${API_VERSION_PATH}/${area}`),
  );
}
