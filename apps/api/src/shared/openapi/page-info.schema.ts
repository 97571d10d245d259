type Schema = Record<string, unknown>;

/** The reference's PageInfo: the page of a list paged by `limit`/`offset` (`nextOffset`, `haveMore`). */
export const PAGE_INFO_SCHEMA: Readonly<Schema> = {
  type: 'object',
  required: ['limit'],
  properties: {
    limit: { type: 'integer', format: 'int32', minimum: 1, maximum: 200 },
    offset: { type: 'string' },
    nextOffset: { type: 'string' },
    haveMore: { type: 'boolean', default: false },
  },
};

/** The `pageInfo` of every list paged by `limit`/`offset`: one PageInfo schema in the document. */
export const PAGE_INFO_REF: Readonly<Schema> = { $ref: '#/components/schemas/PageInfo' };
