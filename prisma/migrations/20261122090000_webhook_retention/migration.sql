-- Webhook retention (the worker's maintenance.purge-webhook-history job) finds finished
-- deliveries by age. Partial indexes: only the rows each purge looks at, so pending deliveries
-- (the hot rows) pay nothing for them. Written by hand: the schema does not declare partial
-- indexes (see the comments on WebhookDelivery in schema.prisma).

-- Acknowledged deliveries by acknowledgement time (purged after WEBHOOK_RETENTION_DAYS).
CREATE INDEX "webhook_delivery_delivered_at_idx" ON "webhook_delivery" ("delivered_at") WHERE "status" = 'DELIVERED';

-- Dead letters by the time they died (purged after WEBHOOK_DEAD_LETTER_RETENTION_DAYS).
CREATE INDEX "webhook_delivery_dead_at_idx" ON "webhook_delivery" ("dead_at") WHERE "status" = 'DEAD';
