import { Module } from '@nestjs/common';
import { HealthController } from '#libs/common';

@Module({ controllers: [HealthController] })
export class HealthModule {}
