import { Inject } from '@nestjs/common';
import { LOGGER, type PayloadOf } from '#libs/common';
import type { Logger } from 'pino';
import { DeliverWebhookUseCase, WEBHOOK_RUNTIME, type WebhookRuntime } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';
import { prepareSigningKeys } from './prepare-signing-keys.js';

const DELIVER_JOB = 'webhooks.deliver';

/** webhooks.deliver: one attempt of one delivery (webhooks queue). */
@ProcessesJob(DELIVER_JOB)
export class DeliverWebhookProcessor implements JobProcessor<typeof DELIVER_JOB> {
  constructor(
    private readonly deliver: DeliverWebhookUseCase,
    @Inject(WEBHOOK_RUNTIME) private readonly webhooks: WebhookRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Seals stored signing keys and webhook secrets under the current key-encryption key; one that
   * cannot be opened stops the start.
   */
  onWorkerStart(): Promise<void> {
    return prepareSigningKeys(this.webhooks.keys, this.logger, this.webhooks.secrets);
  }

  process(payload: PayloadOf<typeof DELIVER_JOB>): Promise<string> {
    return this.deliver.execute(payload);
  }
}
