import { Module } from '@nestjs/common';
import { WebhookKeysModule } from '../../webhooks/webhook-keys.module.js';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { WebhookAdminController } from './webhook-admin.controller.js';
import { WebhookAdminUseCases } from './webhook-admin.usecases.js';

/** Operator webhook endpoints: deliveries, dead letters, replay, pause/resume, test events, key rotation. */
@Module({
  imports: [WebhookKeysModule],
  controllers: [WebhookAdminController],
  providers: [AdminTokenGuard, WebhookAdminUseCases],
})
export class WebhookAdminModule {}
