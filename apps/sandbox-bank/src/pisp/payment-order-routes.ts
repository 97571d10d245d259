import { Get, HttpCode, Injectable, Param, Post } from '@nestjs/common';
import { Call, type ObieCall } from '../http/obie-call.js';
import { idempotencyKey } from '../http/obie-request.js';
import { Write, type ObieWrite } from '../http/obie-write.js';
import { PaymentConsentsService } from './payment-consents.service.js';
import type { PaymentConsentKind } from './payment-initiation.js';
import { PaymentOrdersService } from './payment-orders.service.js';

/**
 * The routes one kind of payment order shares with the others: its consents under
 * `{kind}-consents`, its orders and their details under `{kind}s`. A controller extends the
 * class made for its kind and adds what only that kind has.
 */
export function PaymentOrderRoutes(kind: PaymentConsentKind) {
  // Injectable: its constructor's parameter types are recorded for the controllers that extend it.
  @Injectable()
  class Routes {
    constructor(
      readonly consents: PaymentConsentsService,
      readonly orders: PaymentOrdersService,
    ) {}

    @Post(`${kind}-consents`)
    @HttpCode(201)
    createConsent(@Call() call: ObieCall, @Write() write: ObieWrite): Promise<object> {
      return this.consents.create(call, kind, idempotencyKey(write.key), write.body);
    }

    @Get(`${kind}-consents/:consentId`)
    readConsent(@Call() call: ObieCall, @Param('consentId') consentId: string): Promise<object> {
      return this.consents.read(call, kind, consentId);
    }

    @Post(`${kind}s`)
    @HttpCode(201)
    submit(@Call() call: ObieCall, @Write() write: ObieWrite): Promise<object> {
      return this.orders.submit(call, kind, idempotencyKey(write.key), write.body);
    }

    @Get(`${kind}s/:paymentId`)
    read(@Call() call: ObieCall, @Param('paymentId') paymentId: string): Promise<object> {
      return this.orders.read(call, kind, paymentId);
    }

    @Get(`${kind}s/:paymentId/payment-details`)
    details(@Call() call: ObieCall, @Param('paymentId') paymentId: string): Promise<object> {
      return this.orders.details(call, kind, paymentId);
    }
  }
  return Routes;
}
