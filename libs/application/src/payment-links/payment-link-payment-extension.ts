import type { PaymentLinkExtension } from '../payments/payment-extensions.js';
import { giveBackLinkUse } from './give-back-link-use.js';

/** Payment links in payments (their extension port): the use of a payment that moved no money given back. */
export const PAYMENT_LINK_PAYMENT_EXTENSION: PaymentLinkExtension = { giveBackLinkUse };
