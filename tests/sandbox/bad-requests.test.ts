// @vitest-environment node
import { randomUUID } from 'node:crypto';

import { testConfig } from '#sandbox/config';
import { loadContract } from '#sandbox/contract';
import { createTestSandbox, type CallResult, type TestClient } from './harness';

/**
 * Issue 13, item 12: bad requests as an OpenAPI test generator sends them. For every operation with a
 * request body or parameters, requests are derived from the contract's own schemas (a value too
 * long, too short, of the wrong format, pattern, type or value, a required field missing), one
 * broken field at a time on an otherwise valid request, so a new operation is covered without
 * touching this file. Every answer must be a 400 problem of the contract's vocabulary: a `code` of
 * `ProblemCode`, and field errors whose `field` names the broken field as the portal does
 * (`billing_address.zip_code`, `query.subscriptionStartsOn`) and whose `code` is a `FieldErrorCode`.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const contract = loadContract() as unknown as Json;
const components = contract.components as Json;
const schemas = components.schemas as Json;
const enumOf = (name: string): string[] => ((schemas[name] as Json | undefined)?.enum as string[] | undefined) ?? [];
const problemCodes = enumOf('ProblemCode');
const fieldErrorCodes = enumOf('FieldErrorCode');

function resolve(value: unknown): Json {
  let current = value;
  while (isObject(current) && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), contract);
  }
  return isObject(current) ? current : {};
}

/** A schema with its references followed and `allOf` merged; of a `oneOf`, the first alternative. */
function flatten(value: unknown): Json {
  const schema = resolve(value);
  if (Array.isArray(schema.oneOf)) return flatten(schema.oneOf[0]);
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = schema.allOf.map(flatten);
  const merged: Json = { ...schema, type: 'object', properties: {}, required: [] };
  delete merged.allOf;
  for (const part of [schema, ...parts]) {
    Object.assign(merged.properties as Json, part.properties ?? {});
    (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
  }
  return merged;
}

const typeOf = (schema: Json): string | undefined =>
  (Array.isArray(schema.type) ? (schema.type.find((type) => type !== 'null') as string) : (schema.type as string | undefined)) ??
  (schema.properties ? 'object' : schema.enum || typeof schema.const === 'string' ? 'string' : undefined);

const patternCandidates = ['DE', '9999', '2025-07', 'DE89370400440532013000', 'COBADEFFXXX', 'a'.repeat(96), 'a'.repeat(43), 'x'];

/** A valid value of a schema (only the required properties of an object). */
function sample(value: unknown): unknown {
  const schema = flatten(value);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Json;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, sample(properties[name])]));
    }
    case 'array':
      return [sample(schema.items)];
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    default: {
      const formats: Record<string, string> = {
        date: '2030-01-01',
        'date-time': '2030-01-01T00:00:00Z',
        email: 'someone@example.org',
        uri: 'https://example.org/',
        'uri-reference': '/x',
      };
      if (typeof schema.format === 'string' && formats[schema.format]) return formats[schema.format];
      if (typeof schema.pattern === 'string') {
        const pattern = new RegExp(schema.pattern, 'u');
        const found = [...((schema.examples as string[] | undefined) ?? []), ...patternCandidates].find((candidate) => pattern.test(candidate));
        if (found === undefined) throw new Error(`no sample for the pattern ${schema.pattern}`);
        return found;
      }
      return 'x'.repeat(Math.max(Number(schema.minLength ?? 1), 1));
    }
  }
}

const remove = Symbol('remove');

interface Mutation {
  /** The path of the broken value: body property names, or [where, parameter name]. */
  path: string[];
  what: string;
  value: unknown;
}

/** Values that break a schema, one way each, and the same for the properties of an object. */
function mutations(value: unknown, path: string[], inForm: boolean): Mutation[] {
  const schema = flatten(value);
  const type = typeOf(schema);
  const found: Mutation[] = [];
  const add = (what: string, broken: unknown) => found.push({ path, what, value: broken });
  if (type === 'object') {
    if (!inForm) add('not an object', 'text');
    const properties = (schema.properties ?? {}) as Json;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      if (required.has(name)) found.push({ path: [...path, name], what: 'missing', value: remove });
      found.push(...mutations(property, [...path, name], inForm));
    }
    return found;
  }
  if (type === 'array') {
    add('not an array', 'text');
    return found;
  }
  if (type === 'boolean') {
    add('not a boolean', 'maybe');
    if (schema.const === true) add('false where it must be true', false);
    return found;
  }
  if (type === 'integer' || type === 'number') {
    add('not a number', 'abc');
    if (typeof schema.minimum === 'number') add('below the minimum', schema.minimum - 1);
    return found;
  }
  // A string.
  if (!inForm) add('not a string', {});
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  if (max !== undefined) {
    add(`longer than ${max}`, schema.format === 'email' ? `${'a'.repeat(64)}@${'b'.repeat(max)}.example` : 'a'.repeat(max + 1));
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  if (min >= 1) add(min === 1 ? 'empty' : `shorter than ${min}`, 'a'.repeat(min - 1));
  if (typeof schema.format === 'string') add(`not of the format ${schema.format}`, `not a ${schema.format}`);
  if (typeof schema.pattern === 'string') add('not of the pattern', '! !');
  if (Array.isArray(schema.enum) || 'const' in schema) add('not an allowed value', 'not-an-allowed-value');
  return found;
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = { ...(base as Json) };
  if (rest.length === 0 && value === remove) delete copy[head];
  else copy[head] = withValue(copy[head], rest, value);
  return copy;
}

// ------------------------------------------------------------------------------------------------
// The operations and their broken requests.

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
}

interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  bodyType: string | undefined;
  bodySchema: Json | undefined;
}

const operations: Operation[] = [];
for (const [pathName, rawItem] of Object.entries(contract.paths as Json)) {
  const item = rawItem as Json;
  for (const method of ['get', 'put', 'post', 'delete']) {
    const operation = item[method] as Json | undefined;
    if (!operation) continue;
    const parameters = [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])]
      .map(resolve)
      .filter((parameter) => !(parameter.in === 'header' && parameter.name === 'X-XSRF-TOKEN'))
      .map((parameter) => ({
        name: String(parameter.name),
        in: parameter.in as Parameter['in'],
        required: parameter.required === true,
        schema: parameter.schema as Json,
      }));
    const content = (resolve(operation.requestBody).content ?? {}) as Json;
    const [bodyType] = Object.keys(content);
    const rawBodySchema = bodyType ? (content[bodyType] as Json).schema : undefined;
    operations.push({
      operationId: String(operation.operationId),
      method: method.toUpperCase(),
      path: pathName,
      parameters,
      bodyType,
      bodySchema: rawBodySchema ? flatten(rawBodySchema) : undefined,
    });
  }
}

interface BadRequest {
  operation: Operation;
  name: string;
  /** The field the answer must name. */
  field: string | undefined;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function fieldName(mutation: Mutation, where: 'body' | Parameter['in']): string {
  if (where === 'body') return mutation.path.length === 0 ? 'body' : mutation.path.join('.');
  return `${where}.${where === 'header' ? mutation.path[0]!.toLowerCase() : mutation.path[0]}`;
}

/** Valid values that a schema cannot tell: the registered OAuth client (authorize checks it first, RFC 6749 4.1.2.1). */
const knownValues: Record<string, string> = { client_id: 'portal-web', redirect_uri: `${testConfig().portalOrigin}/app/oauth/callback` };

function badRequests(operation: Operation): BadRequest[] {
  const values = new Map(operation.parameters.map((parameter) => [parameter, knownValues[parameter.name] ?? sample(parameter.schema)]));
  const build = (parameterValues: Map<Parameter, unknown>, body: unknown): Pick<BadRequest, 'url' | 'headers' | 'body'> => {
    let url = operation.path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const [parameter, value] of parameterValues) {
      if (value === remove) continue;
      if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
      if (parameter.in === 'query') query.set(parameter.name, String(value));
      if (parameter.in === 'header')
        headers[parameter.name] = parameter.name === 'Idempotency-Key' && value === sample(parameter.schema) ? randomUUID() : String(value);
    }
    return { url: query.size > 0 ? `${url}?${query.toString()}` : url, headers, body };
  };
  const validBody = operation.bodySchema ? sample(operation.bodySchema) : undefined;
  const requests: BadRequest[] = [];
  const inForm = operation.bodyType === 'application/x-www-form-urlencoded';
  if (operation.bodySchema) {
    for (const mutation of mutations(operation.bodySchema, [], inForm)) {
      requests.push({
        operation,
        name: `body ${mutation.path.join('.') || '(root)'}: ${mutation.what}`,
        field: fieldName(mutation, 'body'),
        ...build(values, withValue(validBody, mutation.path, mutation.value)),
      });
    }
  }
  for (const parameter of operation.parameters) {
    // An empty or broken path segment is another path (404), not a bad parameter.
    if (parameter.in === 'path') continue;
    const broken = [
      ...(parameter.required ? [{ path: [parameter.name], what: 'missing', value: remove }] : []),
      ...mutations(parameter.schema, [parameter.name], true),
    ];
    for (const mutation of broken) {
      requests.push({
        operation,
        name: `${parameter.in} ${parameter.name}: ${mutation.what}`,
        field: fieldName(mutation, parameter.in),
        ...build(new Map([...values, [parameter, mutation.value]]), validBody),
      });
    }
  }
  return requests;
}

const cases = operations.flatMap(badRequests);

// ------------------------------------------------------------------------------------------------

const { newClient } = await createTestSandbox();
const client = newClient();
await client.signInAs('deuti@example.com');

function send(target: TestClient, request: BadRequest): Promise<CallResult> {
  const { operation, url, headers, body } = request;
  if (body === undefined) return target.call(operation.method, url, { headers });
  if (operation.bodyType === 'application/x-www-form-urlencoded') {
    return target.call(operation.method, url, { headers, form: body as Record<string, string | boolean | number> });
  }
  return target.call(operation.method, url, { headers, json: body });
}

interface ProblemBody {
  status?: number;
  code?: string;
  detail?: string;
  errors?: { field?: unknown; code?: unknown }[];
}

/** The answer is a 400 problem of the contract's vocabulary; it names `field` when given. */
function expectContractProblem(result: CallResult, field: string | undefined) {
  const problem = result.body as ProblemBody;
  expect(result.status).toBe(400);
  expect(result.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
  expect(problemCodes).toContain(problem.code);
  for (const error of problem.errors ?? []) {
    expect(typeof error.field === 'string' && error.field.length > 0, `field of ${JSON.stringify(error)}`).toBe(true);
    expect(fieldErrorCodes, `code of ${JSON.stringify(error)}`).toContain(error.code);
  }
  if (field !== undefined) expect(problem.errors?.map((error) => error.field)).toContain(field);
}

describe('the contract lists its error vocabulary', () => {
  it('ProblemCode and FieldErrorCode are enums; Problem.code and FieldError.code use them', () => {
    expect(problemCodes).toEqual(expect.arrayContaining(['validationFailed', 'unauthenticated', 'invalidJson']));
    expect(problemCodes).not.toContain('invalidRequest');
    expect(problemCodes).not.toContain('unauthorized');
    expect(fieldErrorCodes).toEqual(
      expect.arrayContaining(['required', 'tooShort', 'tooLong', 'invalidFormat', 'invalidValue', 'maxLimit.zipCode', 'invalidBirthDate']),
    );
    expect(resolve(resolve(schemas.Problem).properties && (resolve(schemas.Problem).properties as Json).code)).toBe(schemas.ProblemCode);
    expect(resolve((resolve(schemas.FieldError).properties as Json).code)).toBe(schemas.FieldErrorCode);
  });

  it('the generator finds bad requests for every operation with a body or parameters', () => {
    const covered = new Set(cases.map((request) => request.operation.operationId));
    const withInput = operations.filter((operation) => operation.bodySchema || operation.parameters.some((parameter) => parameter.in !== 'path'));
    expect(withInput.map((operation) => operation.operationId).filter((id) => !covered.has(id))).toEqual([]);
    expect(cases.length).toBeGreaterThan(300);
  });
});

describe('every bad request generated from the contract is a 400 problem of its vocabulary', () => {
  const byOperation = new Map<string, BadRequest[]>();
  for (const request of cases) byOperation.set(request.operation.operationId, [...(byOperation.get(request.operation.operationId) ?? []), request]);
  for (const [operationId, requests] of byOperation) {
    it(operationId, async () => {
      const failures: string[] = [];
      for (const request of requests) {
        const result = await send(client, request);
        // authorize reports every error but a bad client or redirect URI to the redirect URI (RFC 6749 4.1.2.1).
        if (operationId === 'authorize' && result.status === 302) {
          expect(new URL(result.headers.get('Location')!).searchParams.get('error'), request.name).toBeTruthy();
          continue;
        }
        if (process.env.DUMP_BAD_REQUESTS)
          console.log(
            `${operationId} ${request.name} → ${result.status} ${JSON.stringify((result.body as ProblemBody).errors ?? (result.body as ProblemBody).code)}`,
          );
        // The token endpoint answers an unknown grant type with RFC 6749's unsupported_grant_type, which names no field.
        const unsupportedGrant = operationId === 'requestToken' && (result.body as ProblemBody).code === 'unsupported_grant_type';
        try {
          expectContractProblem(result, unsupportedGrant ? undefined : request.field);
        } catch (error) {
          failures.push(`${request.name}: ${result.status} ${result.text.slice(0, 300)}\n    ${String(error).split('\n')[0]}`);
        }
      }
      expect(failures, `${failures.length} of ${requests.length} answers`).toEqual([]);
    });
  }
});

async function visited(): Promise<TestClient> {
  const anonymous = newClient();
  await anonymous.visit();
  return anonymous;
}
const problemOf = (result: CallResult) => result.body as ProblemBody;

describe('field errors carry the message keys of SPEC.md 5 and 8 and the field as the portal names it', () => {
  it('an order with a too long zip code and an impossible birthdate: maxLimit.zipCode and invalidBirthDate, every failing field listed', async () => {
    const client = newClient();
    await client.signInAs('deuti@example.com');
    const result = await client.post('/api/v3/order/orders/submit', {
      headers: { 'Idempotency-Key': randomUUID() },
      json: {
        billing_address: {
          gender: 'Female',
          first_name: 'Erika',
          last_name: 'Mustermann',
          street: 'Hauptstraße',
          house_number: '1',
          city: 'Berlin',
          zip_code: '1'.repeat(17),
          birthdate: '1990-02-30',
          country: 'DE',
        },
        traveler: { gender: 'Female', first_name: 'Erika', last_name: 'Mustermann', birthdate: '1990-01-01' },
        has_agreed_to_tariff_terms_and_conditions: true,
        has_agreed_to_agb: true,
        subscription_starts_at: '2030-01-01',
        quoteId: 'q',
      },
    });
    expect(result.status).toBe(400);
    expect(problemOf(result).code).toBe('validationFailed');
    expect(problemOf(result).errors).toEqual([
      { field: 'billing_address.zip_code', code: 'maxLimit.zipCode' },
      { field: 'billing_address.birthdate', code: 'invalidBirthDate' },
    ]);
  });

  it('a missing query parameter: query.<name>, required', async () => {
    const result = await (await visited()).get('/api/v1/quotation/quotes/DEU4900');
    expect(result.status).toBe(400);
    expect(problemOf(result)).toMatchObject({ code: 'validationFailed', errors: [{ field: 'query.subscriptionStartsOn', code: 'required' }] });
  });
});

describe('one problem for a body that is not JSON', () => {
  it('malformed JSON: 400 invalidJson with the parser’s reason, no field errors', async () => {
    const result = await (
      await visited()
    ).post('/api/v2/auth/register/check-email', { raw: '{"email": "someone@example.org"', headers: { 'Content-Type': 'application/json' } });
    expect(result.status).toBe(400);
    expect(problemOf(result).code).toBe('invalidJson');
    expect(problemOf(result).detail).toBeTruthy();
    expect(problemOf(result).errors).toBeUndefined();
  });
});

describe('401 speaks the contract’s vocabulary', () => {
  it('a call that needs a session, without one: 401 unauthenticated', async () => {
    const result = await (await visited()).get('/api/v2/order/orders');
    expect(result.status).toBe(401);
    expect(problemOf(result).code).toBe('unauthenticated');
  });
});
