// The translation of validation failures to FastAPI's exact 422 bodies, one row per error type of
// shared/spec/validation-errors.md, through a probe route that uses the same validator and edge as
// every API route.
import { Type } from 'typebox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerModelCheck } from '../src/http/validation/validate.js';
import { DateQuery, NullableString, StringEnum } from '../src/shared/schemas.js';
import { describeOnce } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

registerModelCheck('probeExactlyOne', (v) =>
  (v.a == null) === (v.b == null) ? 'exactly one of a and b must be provided' : null,
);

const Profile = Type.Object({ username: Type.String(), first_name: Type.Optional(NullableString()) });
const ProbeBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 3 }),
    urn: Type.Optional(NullableString({ pattern: '^ACo[A-Za-z0-9_-]+$' })),
    count: Type.Optional(Type.Integer()),
    flag: Type.Optional(Type.Boolean()),
    profiles: Type.Optional(Type.Array(Profile, { minItems: 1, maxItems: 2 })),
    one: Type.Optional(Type.Object({ a: Type.Optional(NullableString()), b: Type.Optional(NullableString()) }, { 'x-check': 'probeExactlyOne' })),
  },
);

function probeRoutes(app: any) {
  app.post('/probe/:item_id', {
    schema: {
      params: Type.Object({ item_id: Type.String({ minLength: 2 }) }),
      querystring: Type.Object({
        limit: Type.Integer({ minimum: 1, maximum: 50, default: 50 }),
        sort_by: StringEnum(['newest_first', 'oldest_first']),
        enriched: Type.Boolean(),
        day: DateQuery('a day'),
        word: Type.String({ maxLength: 1 }),
      }),
      body: ProbeBody,
    },
  }, async (request: any) => ({ params: request.params, query: request.query, body: request.body }));
}

const OK_QUERY = 'limit=5&sort_by=newest_first&enriched=true&day=2024-01-15&word=x';
const OK_BODY = { name: 'abc' };

describeOnce('validation errors (FastAPI/Pydantic v2 wire format)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { extraRoutes: probeRoutes });
  });
  afterAll(() => server.close());

  const query = (override: string) => {
    const params = new URLSearchParams(OK_QUERY);
    for (const [k, v] of new URLSearchParams(override)) params.set(k, v);
    return params.toString();
  };
  const postQuery = (override: string) => server.client.post(`/probe/ab?${query(override)}`, { json: OK_BODY });
  const postBody = (body: unknown) => server.client.post(`/probe/ab?${OK_QUERY}`, { json: body });

  const rows: Array<[string, () => Promise<any>, unknown]> = [
    ['missing (query)', () => server.client.post(`/probe/ab?limit=5&sort_by=newest_first&enriched=1&day=2024-01-01`, { json: OK_BODY }),
      { type: 'missing', loc: ['query', 'word'], msg: 'Field required', input: null }],
    ['missing (body field)', () => postBody({ urn: null }), { type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: { urn: null } }],
    ['int_parsing', () => postQuery('limit=abc'), { type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'abc' }],
    ['int_parsing (5.5)', () => postQuery('limit=5.5'), { type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: '5.5' }],
    ['int_type', () => postBody({ ...OK_BODY, count: [1] }), { type: 'int_type', loc: ['body', 'count'], msg: 'Input should be a valid integer', input: [1] }],
    ['int_from_float', () => postBody({ ...OK_BODY, count: 1.5 }), { type: 'int_from_float', loc: ['body', 'count'], msg: 'Input should be a valid integer, got a number with a fractional part', input: 1.5 }],
    ['greater_than_equal', () => postQuery('limit=0'), { type: 'greater_than_equal', loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', input: '0', ctx: { ge: 1 } }],
    ['less_than_equal', () => postQuery('limit=51'), { type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 50', input: '51', ctx: { le: 50 } }],
    ['enum', () => postQuery('sort_by=bogus'), { type: 'enum', loc: ['query', 'sort_by'], msg: "Input should be 'newest_first' or 'oldest_first'", input: 'bogus', ctx: { expected: "'newest_first' or 'oldest_first'" } }],
    ['bool_parsing', () => postQuery('enriched=maybe'), { type: 'bool_parsing', loc: ['query', 'enriched'], msg: 'Input should be a valid boolean, unable to interpret input', input: 'maybe' }],
    ['bool_type', () => postBody({ ...OK_BODY, flag: [] }), { type: 'bool_type', loc: ['body', 'flag'], msg: 'Input should be a valid boolean', input: [] }],
    ['string_type', () => postBody({ name: 5 }), { type: 'string_type', loc: ['body', 'name'], msg: 'Input should be a valid string', input: 5 }],
    ['string_type (null for a required string)', () => postBody({ name: null }), { type: 'string_type', loc: ['body', 'name'], msg: 'Input should be a valid string', input: null }],
    ['string_too_short', () => postBody({ name: '' }), { type: 'string_too_short', loc: ['body', 'name'], msg: 'String should have at least 1 character', input: '', ctx: { min_length: 1 } }],
    ['string_too_short (path)', () => server.client.post(`/probe/a?${OK_QUERY}`, { json: OK_BODY }), { type: 'string_too_short', loc: ['path', 'item_id'], msg: 'String should have at least 2 characters', input: 'a', ctx: { min_length: 2 } }],
    ['string_too_long', () => postBody({ name: 'abcd' }), { type: 'string_too_long', loc: ['body', 'name'], msg: 'String should have at most 3 characters', input: 'abcd', ctx: { max_length: 3 } }],
    ['string_too_long (1 character)', () => postQuery('word=xy'), { type: 'string_too_long', loc: ['query', 'word'], msg: 'String should have at most 1 character', input: 'xy', ctx: { max_length: 1 } }],
    ['string_pattern_mismatch', () => postBody({ ...OK_BODY, urn: 'XYZ' }), { type: 'string_pattern_mismatch', loc: ['body', 'urn'], msg: "String should match pattern '^ACo[A-Za-z0-9_-]+$'", input: 'XYZ', ctx: { pattern: '^ACo[A-Za-z0-9_-]+$' } }],
    ['list_type', () => postBody({ ...OK_BODY, profiles: 'x' }), { type: 'list_type', loc: ['body', 'profiles'], msg: 'Input should be a valid list', input: 'x' }],
    ['too_short', () => postBody({ ...OK_BODY, profiles: [] }), { type: 'too_short', loc: ['body', 'profiles'], msg: 'List should have at least 1 item after validation, not 0', input: [], ctx: { field_type: 'List', min_length: 1, actual_length: 0 } }],
    ['too_long', () => postBody({ ...OK_BODY, profiles: [{ username: 'a' }, { username: 'b' }, { username: 'c' }] }),
      { type: 'too_long', loc: ['body', 'profiles'], msg: 'List should have at most 2 items after validation, not 3', input: [{ username: 'a' }, { username: 'b' }, { username: 'c' }], ctx: { field_type: 'List', max_length: 2, actual_length: 3 } }],
    ['model_attributes_type (list item)', () => postBody({ ...OK_BODY, profiles: [5] }), { type: 'model_attributes_type', loc: ['body', 'profiles', 0], msg: 'Input should be a valid dictionary or object to extract fields from', input: 5 }],
    ['model_attributes_type (JSON array body)', () => postBody([]), { type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: [] }],
    ['missing in a list item', () => postBody({ ...OK_BODY, profiles: [{ first_name: 'Bo' }] }), { type: 'missing', loc: ['body', 'profiles', 0, 'username'], msg: 'Field required', input: { first_name: 'Bo' } }],
    ['date_from_datetime_parsing', () => postQuery('day=2024-13-01'), { type: 'date_from_datetime_parsing', loc: ['query', 'day'], msg: 'Input should be a valid date or datetime, month value is outside expected range of 1-12', input: '2024-13-01', ctx: { error: 'month value is outside expected range of 1-12' } }],
    ['date_from_datetime_inexact', () => postQuery('day=2024-01-15T10:30:00'), { type: 'date_from_datetime_inexact', loc: ['query', 'day'], msg: 'Datetimes provided to dates should have zero time - e.g. be exact dates', input: '2024-01-15T10:30:00' }],
    ['value_error', () => postBody({ ...OK_BODY, one: { a: 'x', b: 'y' } }), { type: 'value_error', loc: ['body', 'one'], msg: 'Value error, exactly one of a and b must be provided', input: { a: 'x', b: 'y' }, ctx: { error: {} } }],
    ['json_invalid', () => server.client.post(`/probe/ab?${OK_QUERY}`, { raw: '{some broken json}', headers: { 'content-type': 'application/json' } }),
      { type: 'json_invalid', loc: ['body', 1], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting property name enclosed in double quotes' } }],
  ];

  for (const [name, send, expected] of rows) {
    it(`${name}`, async () => {
      const res = await send();
      expect(res.status).toBe(422);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.text).toBe(JSON.stringify({ detail: [expected] }));
    });
  }

  it('accepts what Pydantic accepts before any error', async () => {
    for (const limit of [' 5 ', '+5', '05', '5.0', '1_0']) {
      const res = await postQuery(`limit=${encodeURIComponent(limit)}`);
      expect(res.status, limit).toBe(200);
      expect(res.body.query.limit).toBe(Number(limit.trim().replace('_', '').replace('+', '')));
    }
    for (const [word, value] of [['YES', true], ['t', true], ['on', true], ['0', false], ['Off', false], ['n', false]] as const) {
      expect((await postQuery(`enriched=${word}`)).body.query.enriched, word).toBe(value);
    }
    expect((await postQuery('day=2024-01-15T00:00:00')).body.query.day).toBe('2024-01-15');
    const defaulted = await server.client.post(`/probe/ab?sort_by=oldest_first&enriched=f&day=2024-02-29&word=&limit=7&limit=9`, { json: { name: 'a', extra: 1 } });
    expect(defaulted.status).toBe(200);
    expect(defaulted.body.query).toEqual({ limit: 9, sort_by: 'oldest_first', enriched: false, day: '2024-02-29', word: '' });
    expect(defaulted.body.body).toEqual({ name: 'a' });
  });

  it('reads dates exactly as Pydantic does', async () => {
    const cases: Array<[string, string]> = [
      ['abc', 'input is too short'],
      ['2024-02-30', 'day value is outside expected range'],
      ['2024/01/01', 'invalid date separator, expected `-`'],
      ['01-01-2024', 'invalid character in year'],
    ];
    for (const [input, error] of cases) {
      const res = await postQuery(`day=${encodeURIComponent(input)}`);
      expect(res.body.detail, input).toEqual([{ type: 'date_from_datetime_parsing', loc: ['query', 'day'], msg: `Input should be a valid date or datetime, ${error}`, input, ctx: { error } }]);
    }
  });

  it('reports every error of a request: path, then query in declared order, then body', async () => {
    const res = await server.client.post('/probe/a?limit=0&sort_by=x&enriched=maybe&day=abc', { json: { name: 7 } });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: any) => [d.type, d.loc.join('.')])).toEqual([
      ['string_too_short', 'path.item_id'],
      ['greater_than_equal', 'query.limit'],
      ['enum', 'query.sort_by'],
      ['bool_parsing', 'query.enriched'],
      ['date_from_datetime_parsing', 'query.day'],
      ['missing', 'query.word'],
      ['string_type', 'body.name'],
    ]);
  });

  it('reports malformed JSON at the offset and with the message of Python json', async () => {
    const cases: Array<[string, number, string]> = [
      ['{some broken json}', 1, 'Expecting property name enclosed in double quotes'],
      ['not json', 0, 'Expecting value'],
      ['{"a":1} x', 8, 'Extra data'],
      ['{"a" 1}', 5, "Expecting ':' delimiter"],
      ['{"a":1 "b":2}', 7, "Expecting ',' delimiter"],
      ['{"a":', 5, 'Expecting value'],
      ['{"é":"ü" x', 9, "Expecting ',' delimiter"],
      ['{"a":"unterminated', 5, 'Unterminated string starting at'],
    ];
    for (const [raw, pos, error] of cases) {
      const res = await server.client.post(`/probe/a?limit=0`, { raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(422);
      expect(res.text, raw).toBe(JSON.stringify({ detail: [{ type: 'json_invalid', loc: ['body', pos], msg: 'JSON decode error', input: {}, ctx: { error } }] }));
    }
  });

  it('treats an empty body or JSON null as a missing body', async () => {
    for (const raw of ['', 'null']) {
      const res = await server.client.post(`/probe/ab?${OK_QUERY}`, { raw, headers: { 'content-type': 'application/json' } });
      expect(res.body, raw).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
    }
  });

  it('does not parse a body sent with another content type, or none', async () => {
    const text = await server.client.post(`/probe/ab?${OK_QUERY}`, { raw: '{"name":"abc"}', headers: { 'content-type': 'text/plain' } });
    expect(text.text).toBe(JSON.stringify({ detail: [{ type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: '{"name":"abc"}' }] }));
    const none = await server.client.post(`/probe/ab?${OK_QUERY}`, { raw: 'name=abc' });
    expect(none.body.detail[0]).toMatchObject({ type: 'model_attributes_type', loc: ['body'], input: 'name=abc' });
    const vendor = await server.client.post(`/probe/ab?${OK_QUERY}`, { raw: '{"name":"abc"}', headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' } });
    expect(vendor.status).toBe(200);
  });

  it('answers 400 for a JSON body that is not UTF-8', async () => {
    const res = await server.client.post(`/probe/ab?${OK_QUERY}`, { raw: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.text).toBe('{"detail":"There was an error parsing the body"}');
  });
});
