import { Controller, UseFilters, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { FaultInjectionGuard } from '../http/fault-injection.guard.js';
import { LostAnswerInterceptor } from '../http/lost-answer.interceptor.js';
import { Xs2aErrorFilter } from './xs2a-error.filter.js';
import { XS2A_VERSION_PATH } from './xs2a-request.js';

/**
 * A controller of a sandbox bank's Berlin Group (NextGenPSD2 XS2A v1.3) interface, under
 * `/banks/{bankId}/v1/{area}`: tppMessages errors and the bank's injected faults.
 */
export function Xs2aApiController(area: 'payments' | 'periodic-payments' | 'consents' | 'accounts'): ClassDecorator {
  return applyDecorators(
    UseFilters(Xs2aErrorFilter),
    UseGuards(FaultInjectionGuard),
    UseInterceptors(LostAnswerInterceptor),
    Controller(`banks/:bankId${XS2A_VERSION_PATH}/${area}`),
  );
}
