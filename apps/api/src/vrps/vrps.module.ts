import { Module } from '@nestjs/common';
import { VrpsApplicationModule } from '#libs/application';
import { VrpsController } from './vrps.controller.js';

/** Variable recurring payments: the payments under a consent and funds confirmation (making one is POST /v2/payments). */
@Module({ imports: [VrpsApplicationModule], controllers: [VrpsController] })
export class VrpsModule {}
