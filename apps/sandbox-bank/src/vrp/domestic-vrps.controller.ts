import { Body, Delete, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { Call, type ObieCall } from '../http/obie-call.js';
import { ObieApiController } from '../http/obie-api.decorator.js';
import { idempotencyKey } from '../http/obie-request.js';
import { VrpConsentsService } from './vrp-consents.service.js';
import { VrpPaymentsService } from './vrp-payments.service.js';

/** Variable recurring payments: consents (with funds confirmation) and the payments under them. */
@ObieApiController('pisp')
export class DomesticVrpsController {
  constructor(
    private readonly consents: VrpConsentsService,
    private readonly payments: VrpPaymentsService,
  ) {}

  @Post('domestic-vrp-consents')
  @HttpCode(201)
  createConsent(
    @Call() call: ObieCall,
    @Headers('x-idempotency-key') key: string | undefined,
    @Body() body: unknown,
  ): Promise<object> {
    return this.consents.create(call, idempotencyKey(key), body);
  }

  @Get('domestic-vrp-consents/:consentId')
  readConsent(@Call() call: ObieCall, @Param('consentId') consentId: string): Promise<object> {
    return this.consents.read(call, consentId);
  }

  @Delete('domestic-vrp-consents/:consentId')
  @HttpCode(204)
  async deleteConsent(@Call() call: ObieCall, @Param('consentId') consentId: string): Promise<void> {
    await this.consents.delete(call, consentId);
  }

  @Post('domestic-vrp-consents/:consentId/funds-confirmation')
  @HttpCode(201)
  confirmFunds(@Call() call: ObieCall, @Param('consentId') consentId: string, @Body() body: unknown): Promise<object> {
    return this.consents.fundsConfirmation(call, consentId, body);
  }

  @Post('domestic-vrps')
  @HttpCode(201)
  submit(
    @Call() call: ObieCall,
    @Headers('x-idempotency-key') key: string | undefined,
    @Body() body: unknown,
  ): Promise<object> {
    return this.payments.submit(call, idempotencyKey(key), body);
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
