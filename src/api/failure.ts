import type { Failure, FieldFailure } from '#src/domain/failure';

/** An RFC 9457 problem document as the API sends it (`application/problem+json`). */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  errors?: FieldFailure[];
}

/**
 * A non-2xx answer of the API, as every actor and query rejects with it (issue 9: one failure
 * model). It is a `Failure` (src/domain/failure.ts), so machines and screens read it with
 * `failureOf`, and it keeps the problem body for logs.
 */
export class ApiFailure extends Error implements Failure {
  readonly code: string | undefined;
  readonly fieldErrors: readonly FieldFailure[];

  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(`API answered ${status}${problem?.code ? ` (${problem.code})` : ''}`);
    this.name = 'ApiFailure';
    this.code = problem?.code;
    this.fieldErrors = problem?.errors ?? [];
  }
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}

function asProblem(body: unknown): Problem | undefined {
  return typeof body === 'object' && body !== null ? (body as Problem) : undefined;
}

/** openapi-fetch's result of a call (it does not throw on an HTTP failure). */
export interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a 2xx answer, or an `ApiFailure` thrown with the status and problem. Statuses 200 to
 * 299 are success (SPEC.md 7.6). Every actor and query reads answers through this one function.
 */
export function dataOf<T>(result: CallResult<T>): T {
  if (result.response.ok) return result.data as T;
  throw new ApiFailure(result.response.status, asProblem(result.error));
}

/** A failure the portal finds itself (e.g. an order number that is not the customer's): thrown like the API's. */
export function localFailure(status: number, code: string, title: string): ApiFailure {
  return new ApiFailure(status, { status, code, title });
}
