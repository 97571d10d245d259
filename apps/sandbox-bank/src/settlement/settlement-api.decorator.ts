import { Controller, UseFilters, UseGuards, applyDecorators } from '@nestjs/common';
import { SettlementApiGuard } from './settlement-api.guard.js';
import { SettlementErrorFilter } from './settlement-error.filter.js';

/** The settlement provider API's base path, under which every route of it lives. */
export const SETTLEMENT_API_PATH = 'settlement/v1';

/** A controller of the settlement API: its key required, its errors as `{ code, message }`. */
export function SettlementApiController(area: string): ClassDecorator {
  return applyDecorators(
    Controller(`${SETTLEMENT_API_PATH}/${area}`),
    UseGuards(SettlementApiGuard),
    UseFilters(SettlementErrorFilter),
  );
}
