import { Module } from '@nestjs/common';
import { NotBuiltController } from './not-built.controller.js';

/** 501 for the interface's operations that have no route yet. */
@Module({ controllers: [NotBuiltController] })
export class NotBuiltModule {}
