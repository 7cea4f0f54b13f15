import { readFileSync } from 'node:fs';
import path from 'node:path';

import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { CORE_SCHEMA, load } from 'js-yaml';

const contractPath = path.join(import.meta.dirname, '../openapi/portal.yaml');

/**
 * The contract, parsed on every call (a document of its own for each caller; the tests, which make
 * a sandbox by the hundred, parse it once and hand each a copy: tests/sandbox/harness.ts).
 * js-yaml with YAML 1.2's core schema: a date stays a string. It parses the contract in a quarter
 * of the time the `yaml` package took (45 against 180 ms of the sandbox's start), and
 * openapi-backend's reference parser loads it anyway.
 */
export function loadContract(): Document {
  return load(readFileSync(contractPath, 'utf8'), { schema: CORE_SCHEMA }) as Document;
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
