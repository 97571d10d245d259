import { describe, expect, it } from 'vitest';
import { errorBody } from './error-body.js';
import { ERROR_CATALOGUE, STATUS_NOTICE, type ErrorCode } from './error-catalogue.js';
import { GatewayError } from './gateway-error.js';

const TRACE = '0123456789abcdef0123456789abcdef';

describe('errorBody', () => {
  it('400 field error: errorCode, message, paths and tokenTraceId', () => {
    const body = errorBody(GatewayError.invalidField('amount.value', 'amount.value must be positive'), TRACE);
    expect(body).toEqual({
      error: {
        errorCode: 'Field.Invalid',
        message: 'amount.value must be positive',
        paths: ['amount.value'],
        tokenTraceId: TRACE,
      },
    });
  });

  it('400 without paths has no paths key', () => {
    const body = errorBody(new GatewayError('MalformedBody'), TRACE);
    expect(Object.keys(body.error).sort()).toEqual(['errorCode', 'message', 'tokenTraceId']);
    expect(body.error.message).toBe(ERROR_CATALOGUE.MalformedBody.message);
  });

  it('copies paths rather than sharing the error’s array', () => {
    const paths = ['a', 'b'];
    const body = errorBody(new GatewayError('Field.Invalid', { paths }), TRACE);
    expect(body.error.paths).toEqual(paths);
    expect(body.error.paths).not.toBe(paths);
  });

  it('401: only message and tokenTraceId', () => {
    const body = errorBody(new GatewayError('Unauthenticated', { message: 'Bearer token expired.' }), TRACE);
    expect(body).toEqual({ error: { message: 'Bearer token expired.', tokenTraceId: TRACE } });
  });

  it('403: errorCode, message and tokenTraceId', () => {
    const body = errorBody(new GatewayError('PermissionDenied', { message: 'Consent revoked.', paths: ['x'] }), TRACE);
    expect(body).toEqual({
      error: { errorCode: 'PermissionDenied', message: 'Consent revoked.', tokenTraceId: TRACE },
    });
  });

  it('404: paymentId is the id of the entity not found', () => {
    const body = errorBody(GatewayError.notFound('pi:abc123'), TRACE);
    expect(body).toEqual({
      error: {
        errorCode: 'NOT_FOUND',
        paymentId: 'pi:abc123',
        message: 'Entity pi:abc123 not found.',
        tokenTraceId: TRACE,
      },
    });
  });

  it('names the VRP consent of a VRP consent error (400 and 404), and nowhere else', () => {
    const violation = errorBody(
      new GatewayError('Rules.VrpConsentViolation', { details: { vrpConsentId: 'vc:1' } }),
      TRACE,
    );
    expect(violation.error).toMatchObject({ errorCode: 'Rules.VrpConsentViolation', vrpConsentId: 'vc:1' });
    const missing = errorBody(GatewayError.notFound('vc:2', undefined, { vrpConsentId: 'vc:2' }), TRACE);
    expect(missing.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: 'vc:2', vrpConsentId: 'vc:2' });
    const forbidden = errorBody(new GatewayError('PermissionDenied', { details: { vrpConsentId: 'vc:3' } }), TRACE);
    expect(forbidden.error).not.toHaveProperty('vrpConsentId');
  });

  it('404 without an entity id still has a paymentId', () => {
    const body = errorBody(new GatewayError('NOT_FOUND'), TRACE);
    expect(typeof body.error.paymentId).toBe('string');
    expect(body.error.paymentId).not.toBe('');
  });

  it.each([
    ['RESOURCE_EXHAUSTED', 429],
    ['UNIMPLEMENTED', 501],
    ['UNAVAILABLE', 503],
    ['DEADLINE_EXCEEDED', 504],
  ] as const)('%s (%i): paymentId carries the short notice', (code: ErrorCode, status) => {
    const error = new GatewayError(code, { entityId: 'ignored', paths: ['ignored'] });
    expect(error.status).toBe(status);
    const body = errorBody(error, TRACE);
    expect(body).toEqual({
      error: {
        errorCode: code,
        paymentId: STATUS_NOTICE[status],
        message: ERROR_CATALOGUE[code].message,
        tokenTraceId: TRACE,
      },
    });
    expect(body.error.paymentId).toMatch(/\S/);
  });

  it.each(['InternalServerError', 'BankInternalError'] as const)(
    '500 (%s): errorCode, message and tokenTraceId',
    (code) => {
      const body = errorBody(
        new GatewayError(code, { cause: new Error('secret detail'), paths: ['x'], entityId: 'e:1' }),
        TRACE,
      );
      expect(body).toEqual({ error: { errorCode: code, message: ERROR_CATALOGUE[code].message, tokenTraceId: TRACE } });
      expect(JSON.stringify(body)).not.toContain('secret detail');
    },
  );

  it('gives every catalogue code the fields its status requires', () => {
    for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
      const { error } = errorBody(new GatewayError(code, { entityId: 'e:1' }), TRACE);
      const status = ERROR_CATALOGUE[code].status;
      expect(error.tokenTraceId, code).toBe(TRACE);
      expect(error.message, code).toMatch(/\S/);
      if (status === 401) {
        expect(error.errorCode, code).toBeUndefined();
      } else {
        expect(error.errorCode, code).toBe(code);
      }
      if (status === 404 || STATUS_NOTICE[status] !== undefined) {
        expect(error.paymentId, code).toMatch(/\S/);
      } else {
        expect(error.paymentId, code).toBeUndefined();
      }
    }
  });
});
