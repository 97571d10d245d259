import { Module } from '@nestjs/common';
import { VrpConsentsApplicationModule } from '#libs/application';
import { ExpireVrpConsentProcessor } from './expire-vrp-consent.processor.js';

/** VRP consent lifetime timers (PENDING after 30 minutes -> FAILED) on the timers queue. */
@Module({ imports: [VrpConsentsApplicationModule], providers: [ExpireVrpConsentProcessor] })
export class VrpConsentExpiryModule {}
