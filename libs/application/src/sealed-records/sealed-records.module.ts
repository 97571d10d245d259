import { Module } from '@nestjs/common';
import { SecretsModule } from '#libs/secrets';
import { SealedRecordRewrap } from './sealed-record-rewrap.js';

/** The re-wrap of every sealed record under the current key-encryption key (run by the worker at start). */
@Module({ imports: [SecretsModule], providers: [SealedRecordRewrap], exports: [SealedRecordRewrap] })
export class SealedRecordsModule {}
