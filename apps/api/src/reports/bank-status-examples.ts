/** The answer of GET /reports/banks/status (three banks shown). */
export const BANKS_STATUS_ANSWER_EXAMPLE = {
  banksStatus: [
    { bankId: 'ob-sandbox-eu', aisStatus: 'LIVE', pisStatus: 'LIVE', lastUpdatedAt: '86400000' },
    { bankId: 'ob-sandbox-gb', aisStatus: 'LIVE', pisStatus: 'LIVE', lastUpdatedAt: '3600000' },
    { bankId: 'ob-sandbox-gb-decoupled', aisStatus: 'LIVE', pisStatus: 'DOWN', lastUpdatedAt: '120000' },
  ],
};

/** The answer of GET /reports/banks/{bankId}/status. */
export const BANK_STATUS_ANSWER_EXAMPLE = {
  bankStatus: { bankName: 'Sandbox Bank UK', aisStatus: 'LIVE', pisStatus: 'LIVE', lastUpdatedAt: '3600000' },
};
