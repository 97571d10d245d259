import { Controller, UseFilters, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { FaultInjectionGuard } from '../http/fault-injection.guard.js';
import { LostAnswerInterceptor } from '../http/lost-answer.interceptor.js';
import { SettlementApiGuard } from './settlement-api.guard.js';
import { SettlementErrorFilter } from './settlement-error.filter.js';

/** The settlement provider API's base path, under which every route of it lives. */
export const SETTLEMENT_API_PATH = 'settlement/v1';

/** A controller of the settlement API: its key required, its errors as `{ code, message }`, the provider's injected faults. */
export function SettlementApiController(area: string): ClassDecorator {
  return applyDecorators(
    Controller(`${SETTLEMENT_API_PATH}/${area}`),
    UseGuards(SettlementApiGuard, FaultInjectionGuard),
    UseInterceptors(LostAnswerInterceptor),
    UseFilters(SettlementErrorFilter),
  );
}
