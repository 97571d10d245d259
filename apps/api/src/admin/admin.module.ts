import { Module } from '@nestjs/common';
import { ClockController } from './clock.controller.js';
import { AdminTokenGuard } from './admin-token.guard.js';

/** Operator endpoints; served only on ADMIN_PORT. */
@Module({ controllers: [ClockController], providers: [AdminTokenGuard] })
export class AdminModule {}
