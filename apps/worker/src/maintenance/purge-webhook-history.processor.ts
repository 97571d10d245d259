import type { PayloadOf } from '#libs/common';
import {
  PURGE_WEBHOOK_HISTORY_JOB,
  PurgeWebhookHistoryUseCase,
  type PurgeWebhookHistoryResult,
} from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

/** maintenance.purge-webhook-history: daily retention of webhook history. */
@ProcessesJob(PURGE_WEBHOOK_HISTORY_JOB)
export class PurgeWebhookHistoryProcessor implements JobProcessor<typeof PURGE_WEBHOOK_HISTORY_JOB> {
  constructor(private readonly purge: PurgeWebhookHistoryUseCase) {}

  onWorkerStart(): Promise<void> {
    return this.purge.ensureScheduled();
  }

  process(_payload: PayloadOf<typeof PURGE_WEBHOOK_HISTORY_JOB>): Promise<PurgeWebhookHistoryResult> {
    return this.purge.execute();
  }
}
