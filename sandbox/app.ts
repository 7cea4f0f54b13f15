import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Context as BackendContext, Document, OpenAPIBackend } from 'openapi-backend';

import type { SandboxConfig } from './config';
import { createContractBackend, loadContract } from './contract';
import { type Database, openDatabase } from './db/database';
import { takeFault } from './faults';
import { fieldProblems } from './field-errors';
import type { Handler, HandlerContext, Handlers, OperationId } from './handler';
import { maxBodyBytes, mediaTypeOf, problem, readBodyText, type Reply, toResponse } from './http';
import { withIdempotency } from './idempotency';
import { Outbox } from './outbox';
import { sandboxPageHeaders } from './pages/layout';
import { sandboxRoutes } from './sandbox-routes';
import { seed } from './seed/seed';
import { checkCsrf, ensureCsrfCookie, readSession, type Session } from './session';
import { accountHandlers } from './handlers/account';
import { authHandlers } from './handlers/auth';
import { orderHandlers } from './handlers/orders';
import { paymentHandlers } from './handlers/payment';
import { subscriptionHandlers } from './handlers/subscriptions';
import { terminationHandlers } from './handlers/terminations';

/** Every handler group; together they cover every operation of the contract. */
const handlerGroups: Handlers[] = [orderHandlers, subscriptionHandlers, terminationHandlers, paymentHandlers, authHandlers, accountHandlers];

/** The paths the sandbox answers; everything else is the portal's (Vite or dist/). */
export function isSandboxPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/account/') || pathname.startsWith('/__sandbox/') || pathname.startsWith('/sandbox/');
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Sandbox {
  app: Hono;
  db: Database;
  config: SandboxConfig;
  outbox: Outbox;
  /** Restores the seeded state (npm run sandbox:reset, POST /__sandbox/reset). */
  reset(): Promise<void>;
  close(): void;
}

interface RequestState {
  c: Context;
  session: Session | undefined;
}

/**
 * The reference API: every operation of openapi/portal.yaml, validated against it, with state in
 * libSQL. `createSandbox(testConfig())` gives an in-memory one for tests; `contract`, a parsed
 * openapi/portal.yaml of its own (else it parses the file).
 */
export async function createSandbox(config: SandboxConfig, options: { seed?: boolean; contract?: Document } = {}): Promise<Sandbox> {
  const db = await openDatabase(config.databaseUrl);
  const outbox = new Outbox(db);
  if (options.seed !== false) await seed(db, config, { onlyIfEmpty: true });

  const definition = options.contract ?? loadContract();
  const backend = createContractBackend(definition);
  const operations = definition.paths ?? {};
  const idempotent = new Set<string>();
  for (const item of Object.values(operations)) {
    for (const operation of Object.values(item ?? {}) as { operationId?: string; parameters?: { $ref?: string }[] }[]) {
      if (operation?.operationId && operation.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'))
        idempotent.add(operation.operationId);
    }
  }

  const handlers = Object.assign({}, ...handlerGroups) as Handlers;
  for (const [operationId, handler] of Object.entries(handlers) as [OperationId, Handler][]) {
    backend.register(operationId, async (context: BackendContext, state: RequestState) => {
      const ctx: HandlerContext = {
        c: state.c,
        db,
        config,
        outbox,
        session: state.session,
        request: {
          params: (context.request.params ?? {}) as Record<string, string>,
          query: (context.request.query ?? {}) as HandlerContext['request']['query'],
          headers: context.request.headers as HandlerContext['request']['headers'],
          body: context.request.requestBody,
        },
      };
      if (idempotent.has(operationId)) {
        const key = String(context.request.headers['idempotency-key']);
        const scope = `${operationId}:${state.session?.userId ?? 'anonymous'}`;
        return withIdempotency(db, scope, key, context.request.requestBody, async () => handler(ctx));
      }
      return handler(ctx);
    });
  }
  backend.register({
    validationFail: (context: BackendContext) =>
      problem(400, 'validationFailed', 'The request has invalid fields', { errors: fieldProblems(context.validation.errors as never) }),
    notFound: () => problem(404, 'notFound', 'No such operation'),
    methodNotAllowed: () => problem(405, 'methodNotAllowed', 'Method not allowed'),
    notImplemented: (context: BackendContext) => problem(501, 'notImplemented', `The sandbox does not implement ${context.operation.operationId}`),
    unauthorizedHandler: () => problem(401, 'unauthenticated', 'Please sign in'),
  });
  backend.registerSecurityHandler('portalSession', (_context: BackendContext, state: RequestState) => Boolean(state.session));
  await backend.init();

  const app = new Hono();

  // Security headers (decision 21): no answer is sniffed; a page without a policy of its own (the
  // outbox) gets the sandbox pages' strict one.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (c.res.headers.get('Content-Type')?.startsWith('text/html') && !c.res.headers.has('Content-Security-Policy')) {
      for (const [name, value] of Object.entries(sandboxPageHeaders())) c.res.headers.set(name, value);
    }
  });

  // Fault injection first, so a fault can stand in for any path, the sandbox's own pages included.
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/__sandbox/')) return next();
    const fault = await takeFault(db, c.req.method, c.req.path);
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 0));
    if (fault?.status) return toResponse(c, problem(fault.status, 'injectedFault', `Fault injected by the sandbox (${fault.status})`));
    return next();
  });

  app.route('/', sandboxRoutes({ db, config, outbox, reset: () => reset() }));

  app.all('*', async (c) => {
    if (!isSandboxPath(c.req.path)) return toResponse(c, problem(404, 'notFound', 'Not a sandbox path'));
    const session = await readSession(c, db, config);
    if (stateChanging.has(c.req.method)) {
      const verdict = await checkCsrf(c, db, config, session);
      if (verdict !== 'ok') return toResponse(c, problem(403, 'invalidCsrfToken', 'The request failed the CSRF check', { detail: verdict }));
    }
    ensureCsrfCookie(c, config, session);
    const body = await readBody(c, backend);
    if (!body.ok) return toResponse(c, body.reply);
    const reply = (await backend.handleRequest(
      {
        method: c.req.method,
        path: c.req.path,
        query: new URL(c.req.url).search.slice(1),
        headers: Object.fromEntries(c.req.raw.headers.entries()),
        body: body.value,
      },
      { c, session } satisfies RequestState,
    )) as Reply;
    return toResponse(c, reply);
  });

  app.onError((error, c) => {
    console.error('[sandbox]', error);
    return toResponse(c, problem(500, 'internalError', 'The sandbox failed', { detail: String(error) }));
  });

  async function reset(): Promise<void> {
    await seed(db, config, { onlyIfEmpty: false });
  }

  return { app, db, config, outbox, reset, close: () => db.close() };
}

type BodyOutcome = { ok: true; value: unknown } | { ok: false; reply: Reply };

/**
 * The body of an operation that takes one, as the contract says it comes (decision 20): at most
 * `maxBodyBytes` (else 413), in one of the operation's media types (else 415), JSON that parses
 * (else 400 invalidJson), a form whose fields each come once (else 400). JSON and
 * form bodies become objects; form values "true"/"false" become booleans (checkboxes). The body of
 * an operation that takes none is not read.
 */
async function readBody(c: Context, backend: OpenAPIBackend): Promise<BodyOutcome> {
  if (!stateChanging.has(c.req.method)) return { ok: true, value: undefined };
  const operation = backend.router.matchOperation({ method: c.req.method, path: c.req.path, headers: {} });
  const declared = Object.keys((operation?.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {});
  if (declared.length === 0) return { ok: true, value: undefined };
  const text = await readBodyText(c);
  if (text === undefined) {
    return {
      ok: false,
      reply: problem(413, 'contentTooLarge', 'The request body is too large', { detail: `A request body may have at most ${maxBodyBytes} bytes.` }),
    };
  }
  if (!text) return { ok: true, value: undefined };
  const type = mediaTypeOf(c.req.header('Content-Type'));
  if (!declared.includes(type)) {
    return {
      ok: false,
      reply: problem(415, 'unsupportedMediaType', 'The request body has a media type this call does not take', {
        detail: `This call takes ${declared.join(' or ')}, not ${type || 'a body without Content-Type'}.`,
      }),
    };
  }
  if (type === 'application/x-www-form-urlencoded') {
    const entries = [...new URLSearchParams(text).entries()];
    const repeated = [...new Set(entries.map(([name]) => name).filter((name, index, names) => names.indexOf(name) !== index))];
    if (repeated.length > 0) {
      return {
        ok: false,
        reply: problem(400, 'validationFailed', 'A form field is given more than once', { errors: repeated.map((field) => ({ field, code: 'invalidValue' })) }),
      };
    }
    return { ok: true, value: Object.fromEntries(entries.map(([key, value]) => [key, value === 'true' ? true : value === 'false' ? false : value])) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reply: problem(400, 'invalidJson', 'The request body is not valid JSON', { detail: (error as Error).message }) };
  }
}
