// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { parseYaml } from '@redocly/openapi-core';

const root = path.resolve(import.meta.dirname, '../..');
const contractFile = path.join(root, 'openapi/portal.yaml');
const generatedFile = path.join(root, 'openapi/schema.gen.ts');

// ------------------------------------------------------------------------------------------------
// SPEC.md section 7.1 to 7.5: the calls the portal makes.

const HTTP_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE'] as const;

/**
 * The rows of SPEC.md 7 whose path is not a full path, keyed by "<section> <path as written>".
 *
 * A row starting with "..." hangs off the last full path of its table; which part of that path it
 * replaces is not the same from row to row, so each mapping is written out here:
 * - 7.3 ".../cancel" follows ".../subscriptions/{id}/terminate": it replaces "terminate".
 * - 7.3 ".../{id}/pause" and ".../{id}/withdraw-termination" replace "{id}/terminate".
 * - 7.4 ".../success" follows ".../user-payment-instruments": it is appended.
 * A mapping of a "..." row must end with the written suffix and keep a prefix of that last full path;
 * the test checks both, so a changed SPEC.md cannot silently point a mapping elsewhere.
 *
 * 7.3 "tickets/{id}/download" has no leading slash and no "...": it is read as the download of the
 * ticket resource "/api/subscription/v2/tickets/{id}" listed two rows below it.
 */
const IRREGULAR_PATHS: Record<string, string> = {
  '7.3 .../cancel': '/api/v2/subscription/subscriptions/{id}/cancel',
  '7.3 .../{id}/pause': '/api/v2/subscription/subscriptions/{id}/pause',
  '7.3 .../{id}/withdraw-termination': '/api/v2/subscription/subscriptions/{id}/withdraw-termination',
  '7.3 tickets/{id}/download': '/api/subscription/v2/tickets/{id}/download',
  '7.4 .../success': '/api/v2/payment/paymentprovider/user-payment-instruments/success',
};

interface SpecOperation {
  method: string;
  path: string;
  /** Where in SPEC.md the call is, for messages. */
  source: string;
}

/** Strips the query and makes every path parameter one anonymous slot: {id}, {orderNumber} -> {}. */
function normalisePath(rawPath: string): string {
  return (rawPath.split('?')[0] ?? '').replace(/\{[^}]*\}/g, '{}');
}

function key(method: string, rawPath: string): string {
  return `${method.toUpperCase()} ${normalisePath(rawPath)}`;
}

/** The text of "### 7.1" to "### 7.5" of SPEC.md, split by subsection number. */
function specSections(spec: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of spec.split(/\r?\n/)) {
    const heading = /^#{2,3}\s+(\d+(?:\.\d+)?)\s/.exec(line);
    if (heading) {
      const number = heading[1] ?? '';
      current = /^7\.[1-5]$/.test(number) ? [] : undefined;
      if (current) sections.set(number, current);
      continue;
    }
    current?.push(line);
  }
  return sections;
}

function parseSpecOperations(spec: string): { operations: SpecOperation[]; problems: string[] } {
  const operations: SpecOperation[] = [];
  const problems: string[] = [];
  const sections = specSections(spec);
  for (const number of ['7.1', '7.2', '7.3', '7.4', '7.5']) {
    if (!sections.has(number)) problems.push(`SPEC.md has no section ${number}`);
  }

  for (const [number, lines] of sections) {
    let lastFullPath: string | undefined;
    for (const line of lines) {
      const row = /^\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*$/.exec(line);
      if (row) {
        const [, methodCell = '', pathCell = ''] = row;
        // Header ("Call") and separator rows have no upper-case method list.
        if (!/^[A-Z]+(\s*,\s*[A-Z]+)*$/.test(methodCell)) continue;
        const methods = methodCell.split(',').map((m) => m.trim());
        for (const method of methods) {
          if (!(HTTP_METHODS as readonly string[]).includes(method)) problems.push(`${number}: unknown method ${method} in "${line}"`);
        }
        // The first word is the path; a cell may name more full paths ("... and /api/.../{id}").
        const [first = '', ...rest] = pathCell.split(/\s+/);
        const written = [first, ...rest.filter((word) => word.startsWith('/'))].map((word) => word.replace(/[.,;:]+$/, ''));
        for (const writtenPath of written) {
          let fullPath: string;
          if (writtenPath.startsWith('/')) {
            fullPath = writtenPath.split('?')[0] ?? writtenPath;
            lastFullPath = fullPath;
          } else {
            const mapped = IRREGULAR_PATHS[`${number} ${writtenPath}`];
            if (!mapped) {
              problems.push(`${number}: no mapping for the relative path "${writtenPath}" (add it to IRREGULAR_PATHS)`);
              continue;
            }
            if (writtenPath.startsWith('...')) {
              const suffix = writtenPath.slice(3);
              const base = mapped.slice(0, mapped.length - suffix.length);
              if (!mapped.endsWith(suffix) || !lastFullPath?.startsWith(base)) {
                problems.push(`${number}: mapping ${mapped} of "${writtenPath}" does not hang off ${lastFullPath ?? '(no full path yet)'}`);
              }
            }
            fullPath = mapped;
          }
          for (const method of methods) operations.push({ method, path: fullPath, source: `SPEC.md ${number}: ${line.trim()}` });
        }
        continue;
      }
      // 7.2 is a sentence: "GET /api/v1/quotation/quotes/{companyId}?subscriptionStartsOn=."
      const sentence = /^(GET|PUT|POST|DELETE|PATCH)\s+(\/\S+)/.exec(line.trim());
      if (sentence) {
        const [, method = '', rawPath = ''] = sentence;
        const fullPath = (rawPath.split('?')[0] ?? rawPath).replace(/[.,;:]+$/, '');
        lastFullPath = fullPath;
        operations.push({ method, path: fullPath, source: `SPEC.md ${number}: ${line.trim()}` });
      }
    }
  }
  return { operations, problems };
}

// ------------------------------------------------------------------------------------------------
// The contract.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

interface ContractOperation {
  method: string;
  path: string;
  operation: Json;
  pathItem: Json;
}

function loadContract(): Json {
  const document = parseYaml(readFileSync(contractFile, 'utf8'));
  if (!isObject(document)) throw new Error('openapi/portal.yaml is not a YAML mapping');
  return document;
}

/** Follows a local "#/..." reference (one level at a time, until a non-reference). */
function resolve(document: Json, value: unknown): unknown {
  let current = value;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string'; depth++) {
    if (depth > 20) throw new Error('reference cycle');
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`non-local reference ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), document);
  }
  return current;
}

function contractOperations(document: Json): ContractOperation[] {
  const paths = isObject(document.paths) ? document.paths : {};
  const operations: ContractOperation[] = [];
  for (const [pathName, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method.toLowerCase()];
      if (isObject(operation)) operations.push({ method, path: pathName, operation, pathItem });
    }
  }
  return operations;
}

function label(op: ContractOperation): string {
  return `${op.method} ${op.path}`;
}

function responsesOf(document: Json, op: ContractOperation): Map<string, Json> {
  const responses = new Map<string, Json>();
  const raw = isObject(op.operation.responses) ? op.operation.responses : {};
  for (const [status, response] of Object.entries(raw)) {
    const resolved = resolve(document, response);
    if (isObject(resolved)) responses.set(status, resolved);
  }
  return responses;
}

function parametersOf(document: Json, op: ContractOperation): Json[] {
  const all = [op.pathItem.parameters, op.operation.parameters].flatMap((list) => (Array.isArray(list) ? list : []));
  return all.map((parameter) => resolve(document, parameter)).filter(isObject);
}

function hasHeaderParameter(document: Json, op: ContractOperation, name: string): boolean {
  return parametersOf(document, op).some((p) => p.in === 'header' && typeof p.name === 'string' && p.name.toLowerCase() === name.toLowerCase());
}

/** The operation's security requirements; a list holding `{}` means the session is optional. */
function needsSession(document: Json, op: ContractOperation): boolean {
  const security = op.operation.security ?? document.security;
  if (!Array.isArray(security) || security.length === 0) return false;
  return security.every((requirement) => isObject(requirement) && Object.keys(requirement).length > 0);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

// ------------------------------------------------------------------------------------------------

const spec = readFileSync(path.join(root, 'docs/SPEC.md'), 'utf8');
const { operations: specOperations, problems: parseProblems } = parseSpecOperations(spec);
const contract = loadContract();
const operations = contractOperations(contract);

describe('SPEC.md section 7 is parsed', () => {
  it('without unknown methods or unmapped relative paths', () => {
    expect(parseProblems).toEqual([]);
  });

  it('into the 55 calls SPEC.md 7.1 to 7.5 lists', () => {
    // 12 orders, 1 quote, 15 subscriptions and tickets, 9 payment, 18 authentication and account.
    // Update this count together with docs/SPEC.md; it guards the parser against losing rows.
    const distinct = new Set(specOperations.map((op) => key(op.method, op.path)));
    expect(distinct.size).toBe(specOperations.length);
    expect(specOperations).toHaveLength(55);
  });
});

describe('openapi/portal.yaml carries every call of SPEC.md 7', () => {
  it('has an operation for each (method, path) of SPEC.md 7.1 to 7.5', () => {
    const inContract = new Set(operations.map((op) => key(op.method, op.path)));
    const missing = specOperations.filter((op) => !inContract.has(key(op.method, op.path)));
    console.log(`${specOperations.length - missing.length}/${specOperations.length} SPEC.md operations in the contract`);
    expect(
      missing.map((op) => `${op.method} ${op.path}  (${op.source})`),
      'SPEC.md operations missing from openapi/portal.yaml',
    ).toEqual([]);
  });

  it('ends no path with a slash unless SPEC.md writes it so', () => {
    const specTrailing = new Set(specOperations.filter((op) => op.path.endsWith('/')).map((op) => normalisePath(op.path)));
    const contractTrailing = operations.filter((op) => op.path !== '/' && op.path.endsWith('/') && !specTrailing.has(normalisePath(op.path)));
    expect(contractTrailing.map(label)).toEqual([]);
  });
});

describe('every operation of openapi/portal.yaml', () => {
  const offenders = (predicate: (op: ContractOperation) => boolean) => operations.filter((op) => !predicate(op)).map(label);

  it('exists at all', () => {
    expect(operations.length).toBeGreaterThanOrEqual(55);
  });

  it('has an operationId and a summary', () => {
    expect(offenders((op) => typeof op.operation.operationId === 'string' && op.operation.operationId.length > 0)).toEqual([]);
    expect(offenders((op) => typeof op.operation.summary === 'string' && op.operation.summary.trim().length > 0)).toEqual([]);
  });

  it('has at least one 2xx response', () => {
    expect(offenders((op) => [...responsesOf(contract, op).keys()].some((status) => /^2\d\d$/.test(status)))).toEqual([]);
  });

  it('has an application/problem+json error response', () => {
    expect(
      offenders((op) =>
        [...responsesOf(contract, op)].some(
          ([status, response]) => /^[45]\d\d$/.test(status) && isObject(response.content) && 'application/problem+json' in response.content,
        ),
      ),
    ).toEqual([]);
  });

  it('lists 503 (maintenance)', () => {
    expect(offenders((op) => responsesOf(contract, op).has('503'))).toEqual([]);
  });

  it('lists 401 when it needs a session', () => {
    expect(offenders((op) => !needsSession(contract, op) || responsesOf(contract, op).has('401'))).toEqual([]);
  });

  it('takes the X-XSRF-TOKEN header and lists 403 when it changes state', () => {
    const stateChanging = (op: ContractOperation) => STATE_CHANGING.has(op.method);
    expect(offenders((op) => !stateChanging(op) || hasHeaderParameter(contract, op, 'X-XSRF-TOKEN'))).toEqual([]);
    expect(offenders((op) => !stateChanging(op) || responsesOf(contract, op).has('403'))).toEqual([]);
  });

  it('of register and order submit takes an Idempotency-Key and lists 409 and 422', () => {
    const idempotent = operations.filter((op) => ['POST /api/v2/auth/register', 'POST /api/v3/order/orders/submit'].includes(label(op)));
    expect(idempotent).toHaveLength(2);
    for (const op of idempotent) {
      expect(hasHeaderParameter(contract, op, 'Idempotency-Key'), label(op)).toBe(true);
      expect([...responsesOf(contract, op).keys()], label(op)).toEqual(expect.arrayContaining(['409', '422']));
    }
  });
});

describe('designed parts of openapi/portal.yaml', () => {
  it('say why they are designed', () => {
    const unexplained: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${at}/${index}`));
      if (!isObject(node)) return;
      if (node['x-designed'] === true) {
        const reason = node['x-designed-reason'];
        if (typeof reason !== 'string' || reason.trim().length === 0 || reason.includes('\n')) unexplained.push(at);
      }
      for (const [name, child] of Object.entries(node)) walk(child, `${at}/${name}`);
    };
    walk(contract, '#');
    expect(unexplained).toEqual([]);
  });
});

describe('openapi/schema.gen.ts', () => {
  it('is what openapi-typescript generates from openapi/portal.yaml now', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'portal-schema-'));
    try {
      const output = path.join(directory, 'schema.gen.ts');
      const cli = path.join(root, 'node_modules/openapi-typescript/bin/cli.js');
      execFileSync(process.execPath, [cli, 'openapi/portal.yaml', '-o', output], { cwd: root, stdio: 'pipe' });
      const fresh = readFileSync(output, 'utf8');
      // Compared as a boolean first: a diff of two 4,000-line files is no help; the message is.
      expect(fresh === readFileSync(generatedFile, 'utf8'), 'openapi/schema.gen.ts is stale: run `npm run contract:types`').toBe(true);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
