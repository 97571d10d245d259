import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { createValidationPipe, GatewayError } from '#libs/common';
import { parseDateTime } from '../../shared/dto/date-time.js';
import { ListPaymentsQuery } from './list-payments.query.js';

const pipe = createValidationPipe();

function parse(query: Record<string, unknown>): Promise<ListPaymentsQuery> {
  return pipe.transform(query, { type: 'query', metatype: ListPaymentsQuery }) as Promise<ListPaymentsQuery>;
}

async function reject(query: Record<string, unknown>): Promise<GatewayError> {
  const error = await parse(query).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof GatewayError)) throw new Error('expected a GatewayError');
  return error;
}

describe('ListPaymentsQuery', () => {
  it('takes the whole filter set as Fastify hands it over', async () => {
    const query = await parse({
      limit: '10',
      offset: 'LerV6Jmex',
      ids: ['pm2:a', 'pm2:b'],
      invertIds: 'false',
      statuses: 'INITIATION_COMPLETED',
      invertStatuses: 'true',
      createdAfter: '2022-04-05T17:00:00.000Z',
      createdBefore: '2022-04-06T19:00:00+02:00',
      refIds: 'ref,with,commas',
      onBehalfOfId: 'sub-1',
      refundStatuses: ['NONE', 'PARTIAL'],
      partial: 'true',
      externalPsuReference: 'psu 12345',
      type: 'SINGLE_IMMEDIATE_PAYMENT',
      vrpConsentId: 'vc:1',
    });
    expect({ ...query }).toEqual({
      limit: 10,
      offset: 'LerV6Jmex',
      ids: ['pm2:a', 'pm2:b'],
      invertIds: false,
      statuses: ['INITIATION_COMPLETED'],
      invertStatuses: true,
      createdAfter: new Date('2022-04-05T17:00:00.000Z'),
      createdBefore: new Date('2022-04-06T17:00:00.000Z'),
      refIds: ['ref,with,commas'],
      onBehalfOfId: 'sub-1',
      refundStatuses: ['NONE', 'PARTIAL'],
      partial: true,
      externalPsuReference: 'psu 12345',
      type: 'SINGLE_IMMEDIATE_PAYMENT',
      vrpConsentId: 'vc:1',
    });
  });

  it('limit alone is enough', async () => {
    expect({ ...(await parse({ limit: '200' })) }).toEqual({ limit: 200 });
    expect((await parse({ limit: '1' })).limit).toBe(1);
  });

  it('accepts 1000 entries in a list filter', async () => {
    expect((await parse({ limit: '1', ids: Array.from({ length: 1000 }, (_, i) => `pm2:${i}`) })).ids).toHaveLength(
      1000,
    );
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['limit is required', {}, 'limit', 'limit is required'],
    ['limit is required (empty)', { limit: '' }, 'limit', 'limit is required'],
    ['limit at least 1', { limit: '0' }, 'limit', 'limit must be a whole number from 1 to 200'],
    ['limit at most 200', { limit: '201' }, 'limit', 'limit must be a whole number from 1 to 200'],
    ['limit a whole number', { limit: '10.5' }, 'limit', 'limit must be a whole number from 1 to 200'],
    ['limit not negative', { limit: '-1' }, 'limit', 'limit must be a whole number from 1 to 200'],
    ['limit once', { limit: ['10', '20'] }, 'limit', 'limit must be given once'],
    ['offset once', { limit: '1', offset: ['a', 'b'] }, 'offset', 'offset must be given once'],
    ['offset bounded', { limit: '1', offset: 'o'.repeat(513) }, 'offset', 'offset must have 1 to 512 characters'],
    [
      'ids at most 1000',
      { limit: '1', ids: Array.from({ length: 1001 }, (_, i) => `pm2:${i}`) },
      'ids',
      'ids must have at most 1000 entries (it has 1001)',
    ],
    ['ids not empty', { limit: '1', ids: '' }, 'ids', 'ids entries must have 1 to 256 characters'],
    [
      'refIds at most 1000',
      { limit: '1', refIds: Array.from({ length: 1001 }, (_, i) => `r${i}`) },
      'refIds',
      'refIds must have at most 1000 entries (it has 1001)',
    ],
    [
      'statuses are payment statuses',
      { limit: '1', statuses: ['INITIATION_COMPLETED', 'DONE'] },
      'statuses',
      'statuses has unknown values DONE; allowed: ',
    ],
    [
      'refundStatuses known',
      { limit: '1', refundStatuses: 'ALL' },
      'refundStatuses',
      'refundStatuses has unknown values ALL; allowed: NONE, PARTIAL, FULL',
    ],
    ['invertIds true/false', { limit: '1', invertIds: 'yes' }, 'invertIds', 'invertIds must be true or false'],
    [
      'invertStatuses true/false',
      { limit: '1', invertStatuses: '1' },
      'invertStatuses',
      'invertStatuses must be true or false',
    ],
    ['partial true/false', { limit: '1', partial: 'TRUE' }, 'partial', 'partial must be true or false'],
    ['partial once', { limit: '1', partial: ['true', 'false'] }, 'partial', 'partial must be given once'],
    [
      'createdAfter ISO 8601',
      { limit: '1', createdAfter: '05/04/2022' },
      'createdAfter',
      'createdAfter must be an ISO 8601 date-time with a time zone, such as 2022-04-05T17:00:00.000Z',
    ],
    [
      'createdAfter with a zone',
      { limit: '1', createdAfter: '2022-04-05T17:00:00' },
      'createdAfter',
      'createdAfter must be an ISO 8601 date-time with a time zone, such as 2022-04-05T17:00:00.000Z',
    ],
    [
      'createdBefore a real day',
      { limit: '1', createdBefore: '2022-02-30T00:00:00Z' },
      'createdBefore',
      'createdBefore must be an ISO 8601 date-time with a time zone, such as 2022-04-05T17:00:00.000Z',
    ],
    [
      'createdBefore after createdAfter',
      { limit: '1', createdAfter: '2022-04-05T17:00:00Z', createdBefore: '2022-04-05T16:00:00Z' },
      'createdBefore',
      'createdBefore must be later than createdAfter',
    ],
    [
      'externalPsuReference at most 64',
      { limit: '1', externalPsuReference: 'e'.repeat(65) },
      'externalPsuReference',
      'externalPsuReference must have 1 to 64 characters',
    ],
    [
      'onBehalfOfId at most 128',
      { limit: '1', onBehalfOfId: 'o'.repeat(129) },
      'onBehalfOfId',
      'onBehalfOfId must have 1 to 128 characters',
    ],
    ['vrpConsentId once', { limit: '1', vrpConsentId: ['a', 'b'] }, 'vrpConsentId', 'vrpConsentId must be given once'],
    [
      'type known',
      { limit: '1', type: 'REFUND' },
      'type',
      'type must be one of SINGLE_IMMEDIATE_PAYMENT, VARIABLE_RECURRING_PAYMENT',
    ],
    [
      'unknown parameter',
      { limit: '1', status: 'INITIATION_COMPLETED' },
      'status',
      'status: property status should not exist',
    ],
  ])('%s', async (_name, query, path, message) => {
    const error = await reject(query);
    expect(error.status).toBe(400);
    expect(error.paths).toEqual([path]);
    expect(error.message.startsWith(message)).toBe(true);
  });
});

describe('parseDateTime', () => {
  it.each([
    ['2022-04-05T17:00:00.000Z', '2022-04-05T17:00:00.000Z'],
    ['2022-04-05T17:00Z', '2022-04-05T17:00:00.000Z'],
    ['2022-04-05T19:00:00+02:00', '2022-04-05T17:00:00.000Z'],
    ['2022-04-05T17:00:00.123456789Z', '2022-04-05T17:00:00.123Z'],
  ])('%s', (value, iso) => {
    expect(parseDateTime(value)?.toISOString()).toBe(iso);
  });

  it.each([
    '2022-04-05',
    '2022-04-05 17:00:00Z',
    '2022-04-05T24:00:00Z',
    '2022-04-31T00:00:00Z',
    'yesterday',
    '1649178000000',
  ])('refuses %s', (value) => {
    expect(parseDateTime(value)).toBeUndefined();
  });
});
