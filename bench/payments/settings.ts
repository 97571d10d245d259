/** The admin token every server of the bench is started with. */
export const ADMIN = 'bench-admin-token-0123456789abcdef0123456789';
export const CONNECTIONS = 50;
/** Payments (and baseline rows) created beforehand for the GET runs to rotate through. */
export const GET_IDS = 1000;
export const BANK_ID = 'ob-sandbox-gb';
export const TARGETS = { initiationRatio: 0.3, initiationP99Ms: 100, getRatio: 0.6 } as const;

/** The initiation body with `refId` left to fill in; JSON text so each request only concatenates. */
const INITIATION = {
  bankId: BANK_ID,
  refId: '@REF@',
  remittanceInformationPrimary: 'INV-2026-001',
  amount: { value: '10.50', currency: 'GBP' },
  localInstrument: 'FASTER_PAYMENTS',
  creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
  callbackUrl: 'https://tpp.example/payments/callback',
  callbackState: 'bench-state',
};
const [BODY_HEAD = '', BODY_TAIL = ''] = JSON.stringify({ initiation: INITIATION }).split('@REF@');
export const bodyWithRef = (refId: string): string => `${BODY_HEAD}${refId}${BODY_TAIL}`;
