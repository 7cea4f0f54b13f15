// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parseYaml } from '@redocly/openapi-core';

/**
 * Issue 30, "done when": the portal calls every operation of the contract. A call is written in
 * src/ as `api.POST('/path', …)` (openapi-fetch) or `queries.get('/path', …)` (the cached reads);
 * the one exception is the authorization endpoint, which the browser opens through config.json's
 * `oauth.authorizePath` (oauth4webapi builds the URL). An operation no screen calls is either
 * missing from the portal or dead in the contract: both fail here.
 */

const root = path.resolve(import.meta.dirname, '../..');

interface Operation {
  method: string;
  path: string;
  operationId: string;
}

function contractOperations(): Operation[] {
  const contract = parseYaml(readFileSync(path.join(root, 'openapi/portal.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.entries(contract.paths).flatMap(([operationPath, item]) =>
    Object.entries(item).flatMap(([method, operation]) =>
      typeof operation === 'object' && operation.operationId ? [{ method: method.toUpperCase(), path: operationPath, operationId: operation.operationId }] : [],
    ),
  );
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** "METHOD /path" of every call written in src/. */
function callsInSource(): Set<string> {
  const calls = new Set<string>();
  const call = /\.(GET|POST|PUT|DELETE|PATCH|get)(?:<[^>]*>)?\(\s*'(\/[^']+)'/g;
  for (const file of sourceFiles(path.join(root, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(call)) calls.add(`${(match[1] ?? '').toUpperCase()} ${match[2]}`);
  }
  return calls;
}

describe('the portal', () => {
  const operations = contractOperations();
  const calls = callsInSource();

  it('reads the contract and its source', () => {
    expect(operations.length).toBeGreaterThanOrEqual(58);
    expect(calls.size).toBeGreaterThan(40);
  });

  it('calls every operation of the contract', () => {
    const config = JSON.parse(readFileSync(path.join(root, 'public/config.json'), 'utf8')) as { oauth: { authorizePath: string } };
    const opened = new Set([`GET ${config.oauth.authorizePath}`]);
    const uncalled = operations.filter((operation) => {
      const written = `${operation.method} ${operation.path}`;
      return !calls.has(written) && !opened.has(written);
    });
    expect(uncalled.map((operation) => `${operation.operationId} (${operation.method} ${operation.path})`)).toEqual([]);
  });

  it('calls nothing the contract does not have', () => {
    const known = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));
    expect([...calls].filter((written) => !known.has(written))).toEqual([]);
  });
});
