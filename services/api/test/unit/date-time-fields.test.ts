// src/http/date-time-fields.ts on a small spec of its own: body date-time fields are found through
// $ref, nested objects, array items and allOf/oneOf, and each refused value is named by its full
// field path (decision 0400), so a date-time field added to either spec is checked without code.
import { describe, expect, it } from 'vitest';
import { bodyDateTimePaths, dateTimeProblems } from '../../src/http/date-time-fields.ts';
import type { LoadedSpec } from '../../src/spec/load-spec.ts';

const operation = { operationId: 'createThing', method: 'post' as const, path: '/things', routeKey: 'POST /things' };
const spec: LoadedSpec = {
  basePath: '/v1',
  operations: [operation],
  document: {
    paths: {
      '/things': { post: { operationId: 'createThing', requestBody: { $ref: '#/components/requestBodies/Thing' } } },
    },
    components: {
      requestBodies: { Thing: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      schemas: {
        When: { type: ['string', 'null'], format: 'date-time' },
        Thing: {
          type: 'object',
          properties: {
            at: { $ref: '#/components/schemas/When' },
            name: { type: 'string' },
            items: { type: 'array', items: { allOf: [{ type: 'object', properties: { due: { type: 'string', format: 'date-time' } } }] } },
            window: { oneOf: [{ type: 'object', properties: { from: { type: 'string', format: 'date-time' } } }] },
          },
        },
      },
    },
  },
};

describe('body date-time fields', () => {
  it('are found through $ref, arrays and compositions', () => {
    expect(bodyDateTimePaths(spec).get(operation)).toEqual([['at'], ['items', '[]', 'due'], ['window', 'from']]);
  });

  it('each refused value is named by its path; accepted, null and absent ones are not', () => {
    const paths = bodyDateTimePaths(spec).get(operation)!;
    const body = {
      at: '2027-06-30T23:59:60Z',
      name: '0000-01-01T00:00:00Z',
      items: [{ due: '2027-01-01T00:00:00Z' }, {}, { due: '0000-01-01T00:00:00Z' }],
      window: { from: null },
    };
    expect(dateTimeProblems(body, paths)).toEqual([
      { field: 'body.at', message: expect.stringContaining('leap second') },
      { field: 'body.items[2].due', message: expect.stringContaining('between') },
    ]);
    expect(dateTimeProblems({ at: null }, paths)).toEqual([]);
  });
});
