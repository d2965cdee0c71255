// A real embedded backend on a loopback port for tests: PGlite from the migrated template, or a
// fresh database on the local PostgreSQL server.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, inject } from "vitest";
import { createBackend, BACKEND_BASE_PATH, type Backend, type BackendOptions } from "../../backend/index";
import { buildRouter } from "../../backend/http/router";
import type { Endpoint } from "../../backend/http/endpoint";
import type { BackendServices } from "../../backend/services";
import type { BackendConfig } from "../../backend/config";
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from "./constants";
import { copyPostgresTemplate } from "./postgres-template";
import { readAnswer } from "./answer";

export { postgresAdminUrl, postgresReachable } from "./postgres";

export interface TestBackend {
  /** Base URL including /jeecg-boot. */
  url: string;
  backend: Backend;
  close(): Promise<void>;
}

const silent = { info: () => undefined, error: () => undefined };

const templateBlobs = new Map<string, Blob>();

/**
 * The migrated and seeded PGlite template (a tar for `loadDataDir`), read once per worker process:
 * its files run one after another in it, and reading and copying the file again cost ~0.5 s of CPU
 * a file (docs/decisions/196). A Blob cannot be changed, so sharing it shares nothing else.
 */
export function pgliteTemplate(): Blob {
  const file = inject("pgliteTemplate");
  let blob = templateBlobs.get(file);
  if (!blob) templateBlobs.set(file, (blob = new Blob([readFileSync(file)])));
  return blob;
}

export async function startTestBackend(
  kind: "pglite" | "postgres" = "pglite",
  config: Partial<BackendConfig> = {},
): Promise<TestBackend> {
  let options: BackendOptions;
  let dropDatabase: (() => Promise<void>) | null = null;
  if (kind === "postgres") {
    const database = await postgresTestDatabase();
    options = { databaseUrl: database.url };
    dropDatabase = database.drop;
  } else {
    options = { loadDataDir: pgliteTemplate() };
  }
  const backend = await createBackend({
    ...options,
    adminPassword: TEST_ADMIN_PASSWORD,
    demoPassword: TEST_DEMO_PASSWORD,
    config,
    logger: silent,
  });
  const app = express();
  // As server.ts: a proxy on loopback tells the client's address (tests use X-Forwarded-For).
  app.set("trust proxy", "loopback");
  app.use(BACKEND_BASE_PATH, backend.router);
  const listening = await listenOnLoopback(app);
  return {
    url: listening.base,
    backend,
    close: async () => {
      await listening.close();
      await backend.close();
      await dropDatabase?.();
    },
  };
}

/**
 * A new database on the local PostgreSQL server, a copy of the migrated and seeded template the
 * integration global setup built (tests/support/postgres-template.ts, docs/decisions/103).
 */
export async function postgresTestDatabase(label = "school_test"): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const template = inject("postgresTemplate");
  if (!template) throw new Error("no PostgreSQL template: the server did not answer when the global setup ran");
  return copyPostgresTemplate(template, label);
}

/** JSON call helper for backend tests. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers["X-Access-Token"] = options.token;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
  });
  return readAnswer(response);
}

/**
 * Signs in a user whose password an administrator chose, and chooses a new one for them
 * (docs/decisions/011): the token then serves every call.
 */
export async function loginTokenAfterChange(base: string, username: string, password: string, newPassword = `${password}x`): Promise<string> {
  const token = await loginToken(base, username, password);
  const changed = await call(base, "PUT", "/sys/user/updatePassword", {
    token,
    body: { username, oldpassword: password, password: newPassword, confirmpassword: newPassword },
  });
  if (!changed.json?.success) throw new Error(`password change failed: ${changed.text}`);
  return token;
}

/**
 * A role granted `permissionIds` (added by the administrator's `admin` token through 角色管理) and a
 * user of it (more of the user's form in `user`), signed in with a password of their own: its token.
 */
export async function userWithRole(
  base: string,
  admin: string,
  role: { roleCode: string; roleName: string; permissionIds: readonly string[] },
  user: { username: string; realname: string; password: string } & Record<string, string>,
): Promise<string> {
  const added = await call(base, "POST", "/sys/role/add", { token: admin, body: { roleCode: role.roleCode, roleName: role.roleName } });
  if (!added.json?.success) throw new Error(`role add failed: ${added.text}`);
  const roles = await call(base, "GET", `/sys/role/list?roleCode=${encodeURIComponent(role.roleCode)}`, { token: admin });
  const roleId = roles.json?.result?.records?.[0]?.id as string | undefined;
  if (!roleId) throw new Error(`role ${role.roleCode} not found: ${roles.text}`);
  const granted = await call(base, "POST", "/sys/permission/saveRolePermission", { token: admin, body: { roleId, permissionIds: role.permissionIds.join(","), lastpermissionIds: "" } });
  if (!granted.json?.success) throw new Error(`grant failed: ${granted.text}`);
  const created = await call(base, "POST", "/sys/user/add", { token: admin, body: { ...user, selectedroles: roleId } });
  if (!created.json?.success) throw new Error(`user add failed: ${created.text}`);
  return loginTokenAfterChange(base, user.username, user.password);
}

export async function loginToken(base: string, username = "admin", password = TEST_ADMIN_PASSWORD): Promise<string> {
  const answer = await call(base, "POST", "/sys/login", { body: { username, password } });
  if (!answer.json?.success) throw new Error(`login failed: ${answer.text}`);
  return answer.json.result.token as string;
}

/** Endpoints served on an Express app of the test's own (127.0.0.1, a free port). */
export interface ServedEndpoints {
  /** Base URL including /jeecg-boot. */
  base: string;
  port: number;
  close(): Promise<void>;
}

/** Serves `endpoints` alone, with `services` (a backend's, or a test's variant of them). */
export async function serveEndpoints(endpoints: Endpoint[], services: BackendServices): Promise<ServedEndpoints> {
  const app = express();
  app.use(BACKEND_BASE_PATH, buildRouter(endpoints, services));
  return listenOnLoopback(app);
}

/** Listens on 127.0.0.1 at a free port; `close` ends the open connections too. */
async function listenOnLoopback(app: express.Express): Promise<ServedEndpoints> {
  const server = app.listen(0, "127.0.0.1");
  // Longer than any pause of a test between two calls: with Node's 5 s, a test that worked for a
  // while under load (e.g. compiling every schema of the OpenAPI document) reused a connection
  // the server was closing at that moment, and fetch failed with ECONNRESET.
  server.keepAliveTimeout = 120_000;
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}${BACKEND_BASE_PATH}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A temporary UPLOAD_DIR for the tests of the calling file or describe block, called before its
 * own hooks: set before they start the backend, removed and the old value put back after they
 * closed it (vitest runs afterAll hooks in reverse order). Answers the directory, which sits alone
 * in a temporary directory of its own (its parent, for files that must lie outside it).
 */
export function temporaryUploadDir(prefix: string): () => string {
  const previous = process.env.UPLOAD_DIR;
  let dir = "";
  beforeAll(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), `${prefix}-`)), "upload");
    mkdirSync(dir);
    process.env.UPLOAD_DIR = dir;
  });
  afterAll(() => {
    if (dir) rmSync(path.dirname(dir), { recursive: true, force: true });
    if (previous === undefined) delete process.env.UPLOAD_DIR;
    else process.env.UPLOAD_DIR = previous;
  });
  return () => dir;
}
