/** The account every bench consent pays, and every VRP names. */
export const CREDITOR = { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' };
/** Small, so that no run comes near a consent's limits. */
export const VRP_AMOUNT = '0.01';

/** A VRP under a consent, with the consent id and `refId` left to fill in; JSON text so each request only concatenates. */
const VRP = {
  vrpConsentId: '@CONSENT@',
  refId: '@REF@',
  remittanceInformationPrimary: 'Sweep to savings',
  amount: { value: VRP_AMOUNT, currency: 'GBP' },
  localInstrument: 'FASTER_PAYMENTS',
  creditor: CREDITOR,
  callbackUrl: 'https://tpp.example/vrp/callback',
  callbackState: 'bench-state',
};
const [HEAD = '', MIDDLE = '', TAIL = ''] = JSON.stringify({ initiation: VRP }).split(/@CONSENT@|@REF@/);

/** The POST /v2/payments body of a VRP under `consentId` with `refId`. */
export const vrpBody = (consentId: string, refId: string): string => `${HEAD}${consentId}${MIDDLE}${refId}${TAIL}`;
