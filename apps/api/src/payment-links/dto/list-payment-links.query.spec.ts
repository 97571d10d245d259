import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { createValidationPipe, GatewayError } from '#libs/common';
import type { MemberId } from '#libs/domain';
import {
  ListPaymentLinksQuery,
  PAYMENT_LINKS_PAGE_LIMIT_MAX,
  toListPaymentLinksCommand,
} from './list-payment-links.query.js';

const pipe = createValidationPipe();
const MEMBER = 'm:1' as MemberId;

function parse(query: Record<string, unknown>): Promise<ListPaymentLinksQuery> {
  return pipe.transform(query, { type: 'query', metatype: ListPaymentLinksQuery }) as Promise<ListPaymentLinksQuery>;
}

async function refusedPaths(query: Record<string, unknown>): Promise<readonly string[]> {
  const error = await parse(query).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof GatewayError)) throw new Error('expected a GatewayError');
  return error.paths ?? [];
}

describe('ListPaymentLinksQuery', () => {
  it('takes no limit, as the reference has it optional: a page of the most links', async () => {
    const command = toListPaymentLinksCommand(MEMBER, await parse({}));
    expect(command.limit).toBe(PAYMENT_LINKS_PAGE_LIMIT_MAX);
    expect(PAYMENT_LINKS_PAGE_LIMIT_MAX).toBe(200);
  });

  it('takes a limit from 1 to 200', async () => {
    expect(toListPaymentLinksCommand(MEMBER, await parse({ limit: '1' })).limit).toBe(1);
    expect(toListPaymentLinksCommand(MEMBER, await parse({ limit: '200' })).limit).toBe(200);
  });

  it.each([['0'], ['201'], [''], ['ten'], [['5', '6']]])('refuses limit=%j naming limit', async (limit) => {
    expect(await refusedPaths({ limit })).toEqual(['limit']);
  });
});
