// 群发 (issue #29 item 4; part of the `school` section): a grade of 500 families, each parent with a
// phone and an e-mail stored encrypted as the parent form stores them. Timed in-process through the
// backend's own service on PGlite (the embedded default): 预览 (recipients resolved and decrypted,
// three merged, counts per channel; goal ≤ 300 ms) and 发送's queueing (the 群发, 1,000 消息 rows and
// 500 outbox mails written in one transaction; goal ≤ 1 s). Delivery runs after the answer and is
// not part of the figure (no SMTP or SMS provider here: mails fail, SMS are 已记录); it is awaited
// between runs. Five previews and three sends per database, three fresh databases; the median
// database (by its median send) is reported.
import { sql } from "drizzle-orm";
import type { ComposeDraft } from "#contract/modules/compose";
import type { CrudContext } from "../backend/crud/context";
import type { Database } from "../backend/db/client";
import { migrate } from "../backend/db/migrate";
import { seedDatabase } from "../backend/seed";
import { readBackendConfig } from "../backend/config";
import { DictionaryService } from "../backend/modules/system/dict/dictionary-service";
import { composeDeliveriesSettled, previewCompose, sendCompose } from "../backend/modules/communication/compose/compose-service";
import { encryptValue, searchHash } from "../backend/security/personal-data";
import { freshPglite, medianOfFreshRuns } from "./fresh-runs";
import { percentile, round } from "./lib";

const FAMILIES = 500;
const GRADE = "9";
export const COMPOSE_GOALS = { previewMs: 300, queueMs: 1000 } as const;

async function prepare(db: Database): Promise<void> {
  await migrate(db);
  await seedDatabase(db, { adminPassword: "Bench-Admin-2026" });
  // The grade holds only the bench's families.
  await db.rows(sql`update school_student set grade = '1' where tenant_id = 1 and grade = ${GRADE}`);
  const index = Array.from({ length: FAMILIES }, (_, n) => n);
  for (let start = 0; start < FAMILIES; start += 100) {
    const chunk = index.slice(start, start + 100);
    await db.rows(sql`insert into school_student (id, tenant_id, student_no, name_cn, grade, status, create_by) values ${sql.join(
      chunk.map((n) => sql`(${`bcs${n}`}, 1, ${`BC${String(n).padStart(4, "0")}`}, ${`学生${n}`}, ${GRADE}, '1', 'bench')`),
      sql`, `,
    )}`);
    await db.rows(sql`insert into school_parent (id, tenant_id, name, phone, phone_hash, email, email_hash) values ${sql.join(
      chunk.map((n) => {
        const phone = `1390000${String(n).padStart(4, "0")}`;
        const email = `family${n}@bench.example`;
        return sql`(${`bcp${n}`}, 1, ${`家长${n}`}, ${encryptValue(phone)}, ${searchHash("phone", phone)}, ${encryptValue(email)}, ${searchHash("email", email)})`;
      }),
      sql`, `,
    )}`);
    await db.rows(sql`insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer) values ${sql.join(
      chunk.map((n) => sql`(${`bcsp${n}`}, 1, ${`bcs${n}`}, ${`bcp${n}`}, '1', true)`),
      sql`, `,
    )}`);
  }
}

/** What the compose service needs of a request: the database, the configuration, the tenant and the user. */
function benchContext(db: Database): CrudContext {
  const config = { ...readBackendConfig({}), smtpUrl: undefined, smsWebhookUrl: undefined, wechatWebhookUrl: undefined };
  return {
    services: { db, config, dictionaries: new DictionaryService(db), logger: { info: () => undefined, error: () => undefined } },
    tenantId: 1,
    username: "bench",
  } as unknown as CrudContext;
}

const draft: ComposeDraft = {
  selection: { target: `grade:${GRADE}`, parentIds: [], userIds: [] },
  channels: ["2", "1"],
  subject: "${studentName} 的通知",
  body: "${parentName}您好：${studentName}（${className}）待缴 ${amountDue} 元。",
};

async function timeCompose(db: Database): Promise<Record<string, number>> {
  const context = benchContext(db);
  const previews: number[] = [];
  let recipients = 0;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    recipients = (await previewCompose(context, draft)).recipients;
    previews.push(performance.now() - started);
  }
  if (recipients !== FAMILIES) throw new Error(`expected ${FAMILIES} recipients, got ${recipients}`);
  const sends: number[] = [];
  let messages = 0;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    messages = (await sendCompose(context, { ...draft, requestKey: `bench-${run}` })).messages;
    sends.push(performance.now() - started);
    await composeDeliveriesSettled();
  }
  if (messages !== FAMILIES * 2) throw new Error(`expected ${FAMILIES * 2} messages, got ${messages}`);
  return { families: FAMILIES, messages, previewMs: round(percentile(previews, 50), 0), queueMs: round(percentile(sends, 50), 0) };
}

const RUNS = 3;

export async function benchCompose(): Promise<Record<string, unknown>> {
  return { pglite: await medianOfFreshRuns(freshPglite, prepare, timeCompose, "queueMs", RUNS), runs: RUNS, goals: COMPOSE_GOALS };
}

export function summarizeCompose(result: Record<string, unknown> | undefined): string[] {
  const figures = result?.pglite as Record<string, number | number[]> | undefined;
  return [
    `群发 to a grade of ${figures?.families} families on PGlite: preview ${figures?.previewMs} ms (goal ≤ ${COMPOSE_GOALS.previewMs}), queueing ${figures?.messages} messages ${figures?.queueMs} ms (median of ${String(figures?.runsQueueMs ?? "")}; goal ≤ ${COMPOSE_GOALS.queueMs})`,
  ];
}
