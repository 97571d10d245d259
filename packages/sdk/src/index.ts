export { createGatewayClient, ok, type GatewayClient, type GatewayClientOptions } from './client.js';
export { apiKeyAuth, memberKeyAuth, signRequest, type GatewayAuth } from './auth.js';
export { GatewayApiError, retryAfterSeconds, type GatewayErrorBody } from './errors.js';
export { gatewayFetch, takesIdempotencyKey, type GatewayFetchOptions } from './gateway-fetch.js';
export { collect, pagesByOffset, pagesByPageInfo, pagesByPaging, type PageOf } from './paging.js';
export {
  NotificationVerificationError,
  verifyNotification,
  type GatewayJwks,
  type NotificationHeaders,
  type VerifiedNotification,
  type VerifyNotificationInput,
} from './webhooks.js';
export type { components, operations, paths } from './generated/gateway-api.js';
