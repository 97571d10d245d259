import { plugPaymentMoveExtensions } from './payments/payment-extensions.js';
import { PAYMENT_LINK_PAYMENT_EXTENSION } from './payment-links/payment-link-payment-extension.js';
import {
  SETTLEMENT_PAYMENT_EXTENSION,
  SETTLEMENT_TRANSFER_EXTENSION,
} from './settlement/settlement-payment-extension.js';
import { plugTransferSettlementExtension } from './transfers/transfer-extensions.js';
import { VRP_PAYMENT_EVENTS } from './vrps/vrp-payment-plug.js';

/**
 * The composition root of the application layer's extension ports: the domains that build on
 * payments and transfers (VRPs, settlement accounts, payment links) plug their functions of the
 * caller's transaction into them here, once, when the layer is imported (index.ts). The ports'
 * folders import none of them; this file, outside every domain folder, is the one place that
 * knows both sides. What holds a process's objects (the VRP use case and bank calls) is plugged
 * by its Nest module instead (VrpPaymentPlug).
 */
plugPaymentMoveExtensions({
  vrps: VRP_PAYMENT_EVENTS,
  settlement: SETTLEMENT_PAYMENT_EXTENSION,
  links: PAYMENT_LINK_PAYMENT_EXTENSION,
});
plugTransferSettlementExtension(SETTLEMENT_TRANSFER_EXTENSION);
