import { Get, HttpCode, Param, Post } from '@nestjs/common';
import { Call, type ObieCall } from '../http/obie-call.js';
import { ObieApiController } from '../http/obie-api.decorator.js';
import { idempotencyKey } from '../http/obie-request.js';
import { Write, type ObieWrite } from '../http/obie-write.js';
import { StandingOrderConsentsService } from './standing-order-consents.service.js';
import { STANDING_ORDER_PATHS } from './standing-order-representations.js';
import { StandingOrdersService } from './standing-orders.service.js';

const { consents, orders } = STANDING_ORDER_PATHS;

/** Domestic standing orders: their consents, the standing orders and their details. */
@ObieApiController('pisp')
export class DomesticStandingOrdersController {
  constructor(
    private readonly consents: StandingOrderConsentsService,
    private readonly orders: StandingOrdersService,
  ) {}

  @Post(consents)
  @HttpCode(201)
  createConsent(@Call() call: ObieCall, @Write() write: ObieWrite): Promise<object> {
    return this.consents.create(call, idempotencyKey(write.key), write.body);
  }

  @Get(`${consents}/:consentId`)
  readConsent(@Call() call: ObieCall, @Param('consentId') consentId: string): Promise<object> {
    return this.consents.read(call, consentId);
  }

  @Post(orders)
  @HttpCode(201)
  submit(@Call() call: ObieCall, @Write() write: ObieWrite): Promise<object> {
    return this.orders.submit(call, idempotencyKey(write.key), write.body);
  }

  @Get(`${orders}/:orderId`)
  read(@Call() call: ObieCall, @Param('orderId') orderId: string): Promise<object> {
    return this.orders.read(call, orderId);
  }

  @Get(`${orders}/:orderId/payment-details`)
  details(@Call() call: ObieCall, @Param('orderId') orderId: string): Promise<object> {
    return this.orders.details(call, orderId);
  }
}
