// What every engine operation knows about its caller: the services, the signed-in user and the
// tenant whose rows it may touch (./tenant.ts).
import type { SQL } from "drizzle-orm";
import type { Database, Orm } from "../db/client";
import { executeRows } from "../db/client";
import type { AuthContext } from "../http/auth";
import { requireAuth, type EndpointRequest } from "../http/endpoint";
import type { BackendServices } from "../services";
import { Messages } from "#contract/messages";
import { ApiError } from "../http/envelope";
import { currentTenantId } from "./tenant";

export interface CrudContext {
  services: BackendServices;
  auth: AuthContext;
  /** The current tenant (request header, else the session's). */
  tenantId: number;
  /** Written to create_by / update_by. */
  username: string;
  /** The endpoint request, for hooks that need more (raw query, headers). */
  request?: EndpointRequest;
}

export function crudContext(request: EndpointRequest): CrudContext {
  const auth = requireAuth(request);
  return {
    services: request.services,
    auth,
    tenantId: currentTenantId(auth),
    username: auth.user.username,
    request,
  };
}

/** A drizzle transaction of the backend's database. */
export type Tx = Parameters<Parameters<Orm["transaction"]>[0]>[0];

/** Reads and writes of one unit of work: the database, or a transaction on it. */
export interface Executor {
  /** drizzle on the database or on the transaction (a transaction is a database for queries). */
  orm: Orm;
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Set on the executor of one transaction (inTransaction): what it locks stays locked to its end. */
  readonly transaction?: true;
}

export function databaseExecutor(db: Database): Executor {
  return { orm: db.orm, rows: (query) => db.rows(query) };
}

/**
 * The executor of one drizzle transaction, marked as one: what it locks stays locked to its end
 * (lockTenants locks a tenant once per transaction, not once per saved row). Every transaction
 * that hands an Executor to the engine or to hooks builds it here (inTransaction, the Excel import).
 */
export function transactionExecutor(tx: Tx): Executor {
  return { orm: tx, rows: <R>(query: SQL) => executeRows<R>(tx, query), transaction: true };
}

/**
 * Runs `work` in one transaction: everything it writes, or nothing (api-contract.md §6 mutations).
 * Constraint violations become the contract's plain answers (§1 global exception handler).
 */
export async function inTransaction<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await db.orm.transaction(async (tx) => work(transactionExecutor(tx)));
  } catch (error) {
    throw databaseAnswer(error) ?? error;
  }
}

/** SQLSTATEs with a contract answer: unique violation and value too long (contract §1). */
const CONSTRAINT_ANSWERS: Record<string, string> = {
  "23505": Messages.duplicateRecord,
  "22001": "字段太长,超出数据库字段的长度",
};

/**
 * The plain answer to a database error, looking through drizzle's DrizzleQueryError wrapper
 * (`cause`) to the driver's SQLSTATE; undefined for anything else (logged by the router).
 */
export function databaseAnswer(error: unknown): ApiError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONSTRAINT_ANSWERS[code]) return new ApiError(CONSTRAINT_ANSWERS[code]);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs the reads at once on the database (each on a connection of the pool), or one after another
 * in a transaction: a transaction is one connection, where pg only queues concurrent queries, a use
 * it deprecates (and pg 9 refuses).
 */
export async function readTogether<T extends readonly unknown[]>(executor: Executor, reads: { readonly [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!executor.transaction) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
