import { Module } from '@nestjs/common';
import { WebhooksApplicationModule } from '#libs/application';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { WebhookAdminController } from './webhook-admin.controller.js';

/** Operator webhook endpoints: deliveries, dead letters, replay, pause/resume, test events, key rotation. */
@Module({
  imports: [WebhooksApplicationModule],
  controllers: [WebhookAdminController],
  providers: [AdminTokenGuard],
})
export class WebhookAdminModule {}
