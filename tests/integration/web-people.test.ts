// The people pages' and 填值规则's loaders and actions, called with real Requests against the
// embedded backend: each list with its dictionaries, the student form's checks before the backend
// (one payer), a save with its parents, and the parents loaded back for the edit form.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ONE_PAYER_MESSAGE } from "#contract/modules/people";
import { startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD } from "../support/constants";
import { routeArgs, testApp } from "../support/app-context";
import type { AppContext } from "~/services/app-context.server";
import { gridFieldEntries } from "~/components/widgets/grid/grid-value";

let server: TestBackend;
let app: AppContext;
const origin = "http://school.test";
let cookie = "";

const login = await import("~/routes/user/login");
const students = await import("~/routes/people/students");
const parents = await import("~/routes/people/parents");
const corporations = await import("~/routes/people/corporations");
const teachers = await import("~/routes/people/teachers");
const fillRules = await import("~/routes/system/fill-rules");
const studentParents = await import("~/routes/api/people/student-parents");

const args = (request: Request) => routeArgs(app, request) as never;
const get = (path: string) => new Request(`${origin}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string> | [string, string][]) =>
  new Request(`${origin}${path}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
const answer = (result: unknown) => ((result as { type?: string }).type === "DataWithResponseInit" ? (result as { data: any }).data : result) as any;
const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

beforeAll(async () => {
  server = await startTestBackend();
  app = testApp(server.url);
  const response = (await login.action(
    args(new Request(`${origin}/user/login`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ username: "admin", password: TEST_ADMIN_PASSWORD, redirect: "" }) })),
  )) as Response;
  cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
});
afterAll(async () => server?.close());

describe("the people pages", () => {
  it("load their lists with the dictionaries their forms and search bars need", async () => {
    const corporationPage = await corporations.loader(args(get("/school/corporation?status=1")));
    expect(corporationPage.list.total).toBe(18);
    expect(corporationPage.options.corp_billing_cycle!.map((option) => option.label)).toEqual(["月", "学期", "学年"]);
    const teacherPage = await teachers.loader(args(get("/school/teacher?column=teacherNo&order=asc")));
    expect(teacherPage.list.records[0]).toMatchObject({ teacherNo: "T0001" });
    expect(teacherPage.list.records[0]!.departId_dictText).toBeTruthy();
    const parentPage = await parents.loader(args(get("/school/parent")));
    expect(parentPage.list.records[0]!.childrenText).toMatch(/\((父亲|母亲)\)/);
    const rulePage = await fillRules.loader(args(get("/isystem/fillRule")));
    expect(rulePage.list.records.map((record) => record.ruleCode)).toEqual(expect.arrayContaining(["student_no", "bill_no", "receivable_no", "receipt_no"]));
    const studentPage = await students.loader(args(get("/school/student?grade=3")));
    expect(studentPage.list.records.every((record) => record.grade === "3")).toBe(true);
    expect(Object.keys(studentPage.options)).toEqual(expect.arrayContaining(["sex", "grade", "student_status", "school_corporation,name,id"]));
  });

  it("checks the student form before the backend, saves the parents with it and loads them back", async () => {
    const [father, mother] = (await rows<{ id: string }>(`SELECT id FROM school_parent ORDER BY id LIMIT 2`)).map((row) => row.id);
    const values = { nameCn: "页面学生", sex: "2", grade: "6", status: "1" };
    // The grid's rows as the form posts them: named fields, `parents[0].parentId`, … (decision 192).
    const save = (parentRows: Record<string, unknown>[]) => post("/school/student", [["intent", "save"], ...Object.entries(values), ...gridFieldEntries("parents", parentRows)]);
    const twoPayers = [
      { parentId: father, relation: "1", isPayer: true },
      { parentId: mother, relation: "2", isPayer: true },
    ];
    const refused = answer(await students.action(args(save(twoPayers))));
    expect(refused).toMatchObject({ ok: false, fieldErrors: { parents: ONE_PAYER_MESSAGE } });
    // Rows numbered with a gap are refused with the grid's message, before the backend.
    const gap = post("/school/student", [["intent", "save"], ...Object.entries(values), ["parents[1].parentId", father!], ["parents[1].relation", "1"]]);
    expect(answer(await students.action(args(gap)))).toMatchObject({ ok: false, fieldErrors: { parents: "表格数据格式不正确" } });

    const onePayer = [
      { parentId: father, relation: "1", isPayer: false },
      { parentId: mother, relation: "2", isPayer: true },
    ];
    expect(answer(await students.action(args(save(onePayer))))).toMatchObject({ ok: true });
    const [student] = await rows<{ id: string }>(`SELECT id FROM school_student WHERE name_cn = '页面学生'`);
    const loaded = await studentParents.loader(args(get(`/api/people/student-parents?id=${student!.id}`)));
    expect(loaded).toMatchObject({ ok: true });
    // The grid's rows, each code with its name (shown before JavaScript).
    const parentRows = JSON.parse((loaded as { values: Record<string, string> }).values.parents!) as Record<string, unknown>[];
    expect(parentRows.map(({ parentId, relation, isPayer }) => ({ parentId, relation, isPayer }))).toEqual(onePayer);
    expect(parentRows[0]).toMatchObject({ relation_dictText: "父亲", parentId_dictText: expect.any(String) });
    // Opened by its address (no JavaScript), the edit form carries the parents too, so that a plain
    // save posts them back instead of wiping them.
    const addressed = await students.loader(args(get(`/school/student?form=edit&id=${student!.id}`)));
    const opened = addressed.list.opened;
    expect(opened).toMatchObject({ kind: "form", mode: "edit", detailLoaded: true });
    expect(JSON.parse(String((opened as { record: Record<string, unknown> }).record.parents))).toEqual(parentRows);
  });
});
