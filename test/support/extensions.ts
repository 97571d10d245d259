import {
  PaymentExtensions,
  PaymentLinkPaymentPlug,
  SettlementPaymentPlug,
  TransferExtensions,
  vrpEventPayload,
} from '#libs/application';

/**
 * The extensions of payments and transfers for a test that uses the application's functions
 * without a Nest application: each domain plugged as its Nest module plugs it at start. VRPs
 * write their events; their initiation and bank calls belong to a running application.
 */
export function testExtensions(): { readonly payments: PaymentExtensions; readonly transfers: TransferExtensions } {
  const payments = new PaymentExtensions();
  const transfers = new TransferExtensions();
  const outsideApplication = (): never => {
    throw new Error('VRP initiations and bank calls run in an application (VrpsApplicationModule)');
  };
  payments.plugVrps({
    initiate: outsideApplication,
    bank: { initiate: outsideApplication, status: outsideApplication },
    vrpEventPayload,
  });
  new SettlementPaymentPlug(payments, transfers).onModuleInit();
  new PaymentLinkPaymentPlug(payments).onModuleInit();
  return { payments, transfers };
}
