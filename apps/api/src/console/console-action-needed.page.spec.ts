import { describe, expect, it } from 'vitest';
import type { TransferResource } from '#libs/application';
import { unmatchedCreditsSection } from './console-action-needed.page.js';

const transfer: TransferResource = {
  id: 't:4kQz',
  createdAtMs: String(Date.UTC(2026, 11, 3, 9, 30)),
  status: 'SETTLEMENT_IN_PROGRESS',
  payload: { refId: 'inv-<7>', description: 'x' },
  payloadSignatures: [],
  convertedToFutureDatedPayment: false,
  refundDetails: { transferRefundStatus: 'NONE' },
};

describe('the unmatched credits section', () => {
  it('lists the Payments v1 transfers awaiting settlement, escaped, each linked to its page', () => {
    const section = unmatchedCreditsSection([], [], [transfer], 'csrf').value;
    expect(section).toContain('<a href="/console/resources/transfer/t%3A4kQz">t:4kQz</a>');
    expect(section).toContain('<td>inv-&lt;7&gt;</td>');
    expect(section).toContain('<td>2026-12-03T09:30:00.000Z</td>');
  });

  it('leaves the transfers table out when none awaits settlement', () => {
    expect(unmatchedCreditsSection([], [], [], 'csrf').value).not.toContain('awaiting-transfers');
  });
});
