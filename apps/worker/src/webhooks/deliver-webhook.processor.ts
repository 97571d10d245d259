import { Inject } from '@nestjs/common';
import { LOGGER, type PayloadOf } from '#libs/common';
import type { Logger } from 'pino';
import { JOB_CONTEXT, type JobContext } from '../jobs/job-context.js';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';
import { deliverWebhook } from './deliver-webhook.usecase.js';
import { prepareSigningKeys } from './prepare-signing-keys.js';

const DELIVER_JOB = 'webhooks.deliver';

/** webhooks.deliver: one attempt of one delivery (webhooks queue). */
@ProcessesJob(DELIVER_JOB)
export class DeliverWebhookProcessor implements JobProcessor<typeof DELIVER_JOB> {
  constructor(
    @Inject(JOB_CONTEXT) private readonly context: JobContext,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Seals stored signing keys and webhook secrets under the current key-encryption key; one that
   * cannot be opened stops the start.
   */
  onWorkerStart(): Promise<void> {
    return prepareSigningKeys(this.context.webhooks.keys, this.logger, this.context.webhooks.secrets);
  }

  process(payload: PayloadOf<typeof DELIVER_JOB>): Promise<string> {
    return deliverWebhook(payload, this.context);
  }
}
