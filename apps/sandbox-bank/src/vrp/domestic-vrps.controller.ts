import { Body, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Call, type ObieCall } from '../http/obie-call.js';
import { ObieApiController } from '../http/obie-api.decorator.js';
import { ObieConsentRoutes } from '../http/obie-consent-routes.js';
import { idempotencyKey } from '../http/obie-request.js';
import { Write, type ObieWrite } from '../http/obie-write.js';
import { VrpConsentsService } from './vrp-consents.service.js';
import { VrpPaymentsService } from './vrp-payments.service.js';

/** Variable recurring payments: consents (with funds confirmation) and the payments under them. */
@ObieApiController('pisp')
export class DomesticVrpsController extends ObieConsentRoutes('domestic-vrp-consents') {
  constructor(
    readonly consents: VrpConsentsService,
    private readonly payments: VrpPaymentsService,
  ) {
    super();
  }

  @Post('domestic-vrp-consents/:consentId/funds-confirmation')
  @HttpCode(201)
  confirmFunds(@Call() call: ObieCall, @Param('consentId') consentId: string, @Body() body: unknown): Promise<object> {
    return this.consents.fundsConfirmation(call, consentId, body);
  }

  @Post('domestic-vrps')
  @HttpCode(201)
  submit(@Call() call: ObieCall, @Write() write: ObieWrite): Promise<object> {
    return this.payments.submit(call, idempotencyKey(write.key), write.body);
  }

  @Get('domestic-vrps/:vrpId')
  read(@Call() call: ObieCall, @Param('vrpId') vrpId: string): Promise<object> {
    return this.payments.read(call, vrpId);
  }

  @Get('domestic-vrps/:vrpId/payment-details')
  details(@Call() call: ObieCall, @Param('vrpId') vrpId: string): Promise<object> {
    return this.payments.details(call, vrpId);
  }
}
