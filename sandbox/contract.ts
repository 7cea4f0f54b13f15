import { readFileSync } from 'node:fs';
import path from 'node:path';

import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { parse } from 'yaml';

import type { FieldProblem } from './http';

const contractPath = path.join(import.meta.dirname, '../openapi/portal.yaml');

/** The contract, parsed once. */
export function loadContract(): Document {
  return parse(readFileSync(contractPath, 'utf8')) as Document;
}

/**
 * openapi-backend routes a request to its operation and validates it against the contract with
 * ajv (formats included). Handlers are registered by the app.
 */
export function createContractBackend(definition: Document = loadContract()): OpenAPIBackend {
  return new OpenAPIBackend({
    definition,
    quick: true,
    strict: false,
    validate: true,
    coerceTypes: true,
    // The contract has a path with a trailing slash (/api/v2/payment/account/, SPEC.md 7.4): route it exactly.
    ignoreTrailingSlashes: false,
    customizeAjv: (ajv) => {
      addFormats(ajv);
      return ajv;
    },
  });
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * ajv's errors as the problem document's `errors`: the field as a dotted path inside the body,
 * query, path or header (`billing_address.zip_code`, `query.product`), the code as the failed keyword.
 */
export function fieldProblems(errors: AjvError[] | null | undefined): FieldProblem[] {
  return (errors ?? []).map((error) => {
    const parts = error.instancePath.split('/').filter(Boolean);
    const [where, ...rest] = parts;
    const missing = typeof error.params.missingProperty === 'string' ? [error.params.missingProperty] : [];
    const fieldPath = [...rest, ...missing].join('.');
    const field = where === 'requestBody' ? fieldPath || 'body' : [where, ...rest, ...missing].join('.');
    return { field, code: error.keyword };
  });
}
