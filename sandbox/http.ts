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

/**
 * The largest request body the sandbox reads: the largest body of the contract (an order submit, a
 * payment success) is about 2 KB; beyond this a request is answered 413 (decision 20).
 */
export const maxBodyBytes = 16 * 1024;

/** The media type of a Content-Type header, lower case, without parameters (charset). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The body of a request as text, read up to `limit` bytes: `undefined` when it is longer (a
 * Content-Length above it is refused before reading). The bytes read stay readable for later
 * readers (`c.req.text()`), as with Hono's bodyLimit.
 */
export async function readBodyText(c: Context, limit = maxBodyBytes): Promise<string | undefined> {
  const raw = c.req.raw;
  if (!raw.body) return '';
  // Read before (Hono caches what its own readers read).
  if (raw.bodyUsed) return c.req.text();
  const declared = raw.headers.get('Content-Length');
  if (declared !== null && !raw.headers.has('Transfer-Encoding') && Number(declared) > limit) return undefined;
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  c.req.raw = new Request(raw, { body: bytes });
  return new TextDecoder().decode(bytes);
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
