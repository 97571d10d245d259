import { Module } from '@nestjs/common';
import { SubTppsApplicationModule } from '#libs/application';
import { SubTppsController } from './sub-tpps.controller.js';

/** Sub-TPPs: the merchants a reseller member onboards, in a hierarchy. */
@Module({
  imports: [SubTppsApplicationModule],
  controllers: [SubTppsController],
})
export class SubTppsModule {}
