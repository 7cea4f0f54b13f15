import type { Context } from 'hono';

import type { operations } from '../openapi/schema.gen';
import type { SandboxConfig } from './config';
import type { Database } from './db/database';
import type { Reply } from './http';
import type { Outbox } from './outbox';
import type { Session } from './session';

export type OperationId = keyof operations;

/** What the contract says a request of an operation carries, after validation. */
export interface ValidRequest {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface HandlerContext {
  c: Context;
  db: Database;
  config: SandboxConfig;
  outbox: Outbox;
  /** The signed-in session; present on every operation whose contract requires one. */
  session: Session | undefined;
  request: ValidRequest;
}

export type Handler = (ctx: HandlerContext) => Promise<Reply> | Reply;

/** A handler group: one per tag of the contract (orders, subscriptions, …). */
export type Handlers = Partial<Record<OperationId, Handler>>;

/** For handlers of operations that need a session: the contract's security already ensured one. */
export function requireSession(ctx: HandlerContext): NonNullable<HandlerContext['session']> {
  if (!ctx.session) throw new Error('operation needs a session, but the contract let the request through without one');
  return ctx.session;
}

/** The body as the operation's request-body type of the contract. */
export function bodyOf<Id extends OperationId>(ctx: HandlerContext): RequestBody<Id> {
  return ctx.request.body as RequestBody<Id>;
}

type RequestBody<Id extends OperationId> = operations[Id] extends { requestBody?: { content: infer C } }
  ? C extends Record<string, infer B>
    ? B
    : never
  : never;
