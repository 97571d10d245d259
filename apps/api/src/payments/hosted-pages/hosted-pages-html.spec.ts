import { describe, expect, it } from 'vitest';
import { type EmbeddedAuthStep, type Payment, embeddedStepOf, hostedStepOf } from '#libs/application';
import { html } from '#libs/common';
import { pageHeaders } from '../../shared/hosted-pages/page-layout.js';
import { renderEmbeddedAuthPage } from './pages/embedded-auth.page.js';
import { paymentSummary } from './pages/payment-summary.js';

function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'pm2:1',
    memberId: 'm',
    bankId: null,
    refId: 'r',
    onBehalfOfId: null,
    externalPsuReference: null,
    flowType: 'API_ONLY',
    status: 'INITIATION_PENDING_REDIRECT_HP',
    initiation: {
      refId: 'r',
      remittanceInformationPrimary: 'INV "1" & <2>',
      amount: { value: '10.50', currency: 'GBP' },
      localInstrument: 'FASTER_PAYMENTS',
      creditor: { name: '<script>alert(1)</script>' },
      callbackUrl: 'https://tpp.example/cb',
    },
    amount: '10.50' as unknown as Payment['amount'],
    currency: 'GBP',
    localInstrument: 'FASTER_PAYMENTS',
    bankConsentId: null,
    bankPaymentId: null,
    bankContinuation: null,
    bankPaymentStatus: null,
    statusReasonInformation: null,
    authentication: null,
    refundAccount: null,
    errorInfo: null,
    convertedToFutureDatedPayment: false,
    paymentLinkId: null,
    tokenizedAccountId: null,
    vrpConsentId: null,
    refundStatus: 'NONE',
    refundedAmount: '0' as unknown as Payment['refundedAmount'],
    settledRefundAmount: '0' as unknown as Payment['settledRefundAmount'],
    virtualAccountId: null,
    callbackToken: 'tok',
    nonce: 'n',
    pollCount: 0,
    expiresAt: null,
    pollUntil: new Date(0),
    version: 0,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  };
}

describe('hosted page markup', () => {
  it('escapes every interpolated value, in text and in attributes', () => {
    expect(html`<a title="${'"><script>'}">${'<b>&'}</a>`.value).toBe(
      '<a title="&quot;&gt;&lt;script&gt;">&lt;b&gt;&amp;</a>',
    );
    const summary = paymentSummary(payment().initiation as never).value;
    expect(summary).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(summary).toContain('INV &quot;1&quot; &amp; &lt;2&gt;');
    expect(summary).not.toContain('<script>');
  });

  it('names the merchant, the payee and its account as people read them, and the chosen bank with its logo', () => {
    const initiation = {
      ...(payment().initiation as object),
      amount: { value: '1234.50', currency: 'GBP' },
      creditor: { name: 'Shop & Co', sortCode: '040004', accountNumber: '12345678' },
    };
    const summary = paymentSummary(initiation as never, {
      merchantName: 'Shop <Online>',
      bank: { name: 'Sandbox Bank UK', logoUri: 'https://gw.example/logos/ob-sandbox-gb.svg' },
    }).value;
    expect(summary).toContain('<strong>Shop &lt;Online&gt;</strong> asks you to pay by bank transfer.');
    expect(summary).toContain('<dt>Amount</dt><dd>1,234.50 GBP</dd>');
    expect(summary).toContain('<dt>Pay to</dt><dd>Shop &amp; Co</dd>');
    expect(summary).toContain('<dt>Account</dt><dd>04-00-04 12345678</dd>');
    expect(summary).toContain('src="https://gw.example/logos/ob-sandbox-gb.svg"');
    const sepa = paymentSummary({ ...initiation, creditor: { name: 'H', iban: 'DE89370400440532013000' } } as never);
    expect(sepa.value).toContain('<dd>DE89 3704 0044 0532 0130 00</dd>');
    expect(sepa.value).not.toContain('<img');
  });

  it('renders each embedded field type, with the retry message and only a Base64 image', () => {
    const step: EmbeddedAuthStep = {
      isRetry: true,
      description: 'Enter the code',
      image: 'iVBORw0KGgo=',
      fields: [
        { id: 'psuId', type: 'FIELD', displayName: 'User' },
        { id: 'otp"x', type: 'PASSWORD', displayName: 'Code', additionalInformation: '6 digits' },
        {
          id: 'method',
          type: 'CHOICE_FIELD',
          displayName: 'Method',
          options: [
            { id: 'sms', label: 'SMS <fast>' },
            { id: 'app', label: 'App' },
          ],
        },
      ],
    };
    const page = renderEmbeddedAuthPage('tok', payment(), step);
    expect(page).toContain('<input type="text" id="field-0" name="psuId"');
    expect(page).toContain('<input type="password" id="field-1" name="otp&quot;x"');
    expect(page).toContain('name="method" value="sms" required><label for="field-2-0">SMS &lt;fast&gt;</label>');
    expect(page).toContain('did not accept what you entered');
    expect(page).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(page).toContain('action="/hosted-pages/payments/tok/embedded"');
    expect(renderEmbeddedAuthPage('tok', payment(), { ...step, image: '"><x' })).not.toContain('<img');
  });

  it('pages are uncached, send no referrer, and allow no scripts', () => {
    const headers = pageHeaders();
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; frame-ancestors 'none'$/,
    );
    expect(pageHeaders({ images: true })['content-security-policy']).toContain('img-src data:');
  });

  it('lets the origins of the logos on a page, and only those, serve its images', () => {
    const policy = pageHeaders({
      logoUris: ['https://gw.example/logos/a.svg', 'https://gw.example/logos/b.svg', 'https://cdn.example/x.png'],
    })['content-security-policy'];
    expect(policy).toContain("img-src https://cdn.example https://gw.example; base-uri 'none'");
    expect(pageHeaders({ images: true, logoUris: ['javascript:alert(1)'] })['content-security-policy']).toContain(
      'img-src data:; base-uri',
    );
  });
});

describe('hostedStepOf', () => {
  it('reads the user step from the stored payment', () => {
    expect(hostedStepOf(payment())).toEqual({ kind: 'choose-bank' });
    expect(
      hostedStepOf(
        payment({
          status: 'INITIATION_PENDING_REDIRECT_AUTH',
          authentication: { redirectUrl: 'https://bank.example/a' },
        }),
      ),
    ).toEqual({ kind: 'bank-redirect', url: 'https://bank.example/a' });
    expect(hostedStepOf(payment({ status: 'INITIATION_PENDING_DECOUPLED_AUTH' }))).toEqual({ kind: 'decoupled' });
    expect(hostedStepOf(payment({ status: 'INITIATION_COMPLETED' }))).toEqual({ kind: 'back-to-tpp' });
    expect(
      hostedStepOf(payment({ status: 'INITIATION_PENDING_EMBEDDED_AUTH', authentication: { fields: [] } })),
    ).toEqual({ kind: 'back-to-tpp' });
    const embedded = payment({
      status: 'INITIATION_PENDING_EMBEDDED_AUTH',
      authentication: { fields: [{ id: 'otp', type: 'PASSWORD', displayName: 'Code' }, { id: 1 }], isRetry: false },
    });
    expect(embeddedStepOf(embedded)).toEqual({
      fields: [{ id: 'otp', type: 'PASSWORD', displayName: 'Code' }],
      isRetry: false,
    });
  });
});
