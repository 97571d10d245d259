import { Inject } from '@nestjs/common';
import type { PayloadOf } from '#libs/common';
import { JOB_CONTEXT, type JobContext } from '../jobs/job-context.js';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';
import {
  PURGE_WEBHOOK_HISTORY_JOB,
  ensureWebhookPurgeScheduled,
  purgeWebhookHistoryJob,
  type PurgeWebhookHistoryResult,
} from './purge-webhook-history.usecase.js';

/** maintenance.purge-webhook-history: daily retention of webhook history. */
@ProcessesJob(PURGE_WEBHOOK_HISTORY_JOB)
export class PurgeWebhookHistoryProcessor implements JobProcessor<typeof PURGE_WEBHOOK_HISTORY_JOB> {
  constructor(@Inject(JOB_CONTEXT) private readonly context: JobContext) {}

  onWorkerStart(): Promise<void> {
    return ensureWebhookPurgeScheduled(this.context);
  }

  process(payload: PayloadOf<typeof PURGE_WEBHOOK_HISTORY_JOB>): Promise<PurgeWebhookHistoryResult> {
    return purgeWebhookHistoryJob(payload, this.context);
  }
}
