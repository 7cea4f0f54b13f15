/** An RFC 9457 problem document as the API sends it (`application/problem+json`). */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  errors?: { field: string; code: string }[];
}

/** A non-2xx answer. openapi-fetch does not throw; queries turn its error result into this. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(`API answered ${status}${problem?.code ? ` (${problem.code})` : ''}`);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * For reads: the data of a 2xx answer, or an ApiError. Statuses 200 to 299 are success
 * (SPEC.md 7.6); openapi-fetch puts the body in `data` for those and in `error` otherwise.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  throw new ApiError(result.response.status, asProblem(result.error));
}

function asProblem(body: unknown): Problem | undefined {
  return typeof body === 'object' && body !== null ? (body as Problem) : undefined;
}
