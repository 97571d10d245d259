import { Module } from '@nestjs/common';
import { VrpConsentsApplicationModule } from '#libs/application';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { HostedVrpConsentsController } from './hosted-vrp-consents.controller.js';
import { VrpConsentCallbacks } from './vrp-consent-callbacks.js';
import { VrpConsentsController } from './vrp-consents.controller.js';

/** VRP consents: the routes, the hosted bank selection and the consent kind's bank callback (`vc.`). */
@Module({
  imports: [IdempotencyModule, VrpConsentsApplicationModule],
  controllers: [VrpConsentsController, HostedVrpConsentsController],
  providers: [VrpConsentCallbacks],
})
export class VrpConsentsModule {}
