import { readFileSync } from 'node:fs';
import path from 'node:path';

import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { parse } from 'yaml';

const contractPath = path.join(import.meta.dirname, '../openapi/portal.yaml');

/**
 * The contract, parsed on every call (a document of its own for each caller; the tests, which make
 * a sandbox by the hundred, parse it once and hand each a copy: tests/sandbox/harness.ts).
 */
export function loadContract(): Document {
  return parse(readFileSync(contractPath, 'utf8')) as Document;
}

/**
 * openapi-backend routes a request to its operation and validates it against the contract with
 * ajv (formats included). Handlers are registered by the app; a failed check becomes the problem's
 * field errors in sandbox/field-errors.ts.
 */
export function createContractBackend(definition: Document = loadContract()): OpenAPIBackend {
  return new OpenAPIBackend({
    definition,
    quick: true,
    strict: false,
    validate: true,
    coerceTypes: true,
    // Every failing field, not only the first: the problem lists them all (sandbox/field-errors.ts).
    ajvOpts: { allErrors: true },
    // The contract has a path with a trailing slash (/api/v2/payment/account/, SPEC.md 7.4): route it exactly.
    ignoreTrailingSlashes: false,
    customizeAjv: (ajv) => {
      addFormats(ajv);
      return ajv;
    },
  });
}
