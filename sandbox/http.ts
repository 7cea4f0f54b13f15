import type { Context } from 'hono';

/**
 * What a handler answers. Kept as data (not a Response) so the sandbox can check it against the
 * contract and store it for idempotent replays before it is sent.
 */
export interface Reply {
  status: number;
  body?: unknown;
  /** For bodies that are not JSON: HTML pages, PDFs. */
  raw?: string | Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, body, contentType: 'application/json', ...(headers ? { headers } : {}) };
}

export function noContent(headers?: Record<string, string>): Reply {
  return { status: 204, ...(headers ? { headers } : {}) };
}

export function redirect(location: string): Reply {
  return { status: 302, headers: { Location: location } };
}

export function html(body: string, status = 200): Reply {
  return { status, raw: body, contentType: 'text/html; charset=utf-8' };
}

export interface FieldProblem {
  field: string;
  code: string;
}

/** An RFC 9457 problem; `code` is the portal's name for the situation (SPEC.md section 8). */
export function problem(status: number, code: string, title: string, extra: { detail?: string; errors?: FieldProblem[] } = {}): Reply {
  return {
    status,
    contentType: 'application/problem+json',
    body: { type: `https://sandbox.invalid/problems/${code}`, title, status, code, ...extra },
  };
}

export function toResponse(c: Context, reply: Reply): Response {
  for (const [name, value] of Object.entries(reply.headers ?? {})) c.header(name, value);
  if (reply.raw !== undefined) {
    c.header('Content-Type', reply.contentType ?? 'application/octet-stream');
    return c.body(reply.raw as string, reply.status as 200);
  }
  if (reply.body === undefined) return c.body(null, reply.status as 200);
  c.header('Content-Type', reply.contentType ?? 'application/json');
  return c.body(JSON.stringify(reply.body), reply.status as 200);
}
