import { Controller, UseFilters, UseInterceptors, applyDecorators } from '@nestjs/common';
import { FapiHeadersInterceptor } from './fapi-headers.interceptor.js';
import { FaultInjectionInterceptor } from './fault-injection.interceptor.js';
import { API_VERSION_PATH } from './obie-request.js';
import { SandboxErrorFilter } from './sandbox-error.filter.js';

/**
 * A controller of a sandbox bank's Open Banking API, under
 * `/banks/{bankId}/open-banking/v3.1/{area}`: OBIE errors, injected faults, FAPI header checks.
 */
export function ObieApiController(area: 'pisp' | 'aisp'): ClassDecorator {
  return applyDecorators(
    UseFilters(SandboxErrorFilter),
    UseInterceptors(FaultInjectionInterceptor, FapiHeadersInterceptor),
    Controller(`banks/:bankId${API_VERSION_PATH}/${area}`),
  );
}
