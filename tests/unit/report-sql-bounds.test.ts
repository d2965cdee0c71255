// What a report's SQL may cost before it runs (docs/decisions/149): ordinary report SQL passes the
// measure of backend/modules/online/report/report-sql-bounds.ts; the planner's costly texts of the
// hostile corpus are refused with their words. Database-free; the same texts against PGlite and
// PostgreSQL are in tests/integration/report-stall.test.ts.
import { describe, expect, it } from "vitest";
import { checkReportSql } from "../../backend/modules/online/report/report-sql";
import { COSTLY_PLANNING } from "../integration/report-hostile-corpus/corpus";

const ORDINARY = [
  "select id, name, kind, amount, created from report_fixture where name like ('%' || $1::text || '%') and ($2::int is null or id >= $2::int)",
  "select d.dict_code, count(i.id) as n from sys_dict d join sys_dict_item i on i.dict_id = d.id group by d.dict_code order by n desc limit 20",
  "select s.name_cn, lpad(s.student_no, 8, '0') as no, concat(s.name_cn, '(', s.student_no, ')') as label, to_char(s.create_time, 'YYYY-MM-DD HH24:MI') as t, string_agg(p.name, ',') as parents, round(sum(b.amount) * power(10, 2)) / 100 as total from school_student s left join school_parent p on p.id = s.id left join bill_bill b on b.student_id = s.id where s.status = '1' and (s.name_cn like $1 or s.student_no like $2 or s.passport_no like $3) group by s.name_cn, s.student_no, s.create_time order by 1 desc",
  "select format('%s-%s', a, b) as x, replace(name, '-', '') as y, case when a > 1 then 'x' else 'y' end as z, coalesce(a, 0) as w from t",
  "select a, row_number() over (partition by b order by c) as rn, json_agg(json_build_object('a', a, 'b', b, 'c', c)) over () as j from t",
  "with totals as (select payer_id, sum(amount) as total from bill_bill group by payer_id) select p.name, t.total from school_parent p join totals t on t.payer_id = p.id",
  `select ${Array.from({ length: 60 }, (_, index) => `'p${index}'`).join(" || ")} as label`,
  "select x.n from (select count(*) as n from school_student union all select count(*) from school_teacher) x",
  "select * from (values (1, 'a'), (2, 'b')) v(n, s), unnest(array[1, 2, 3]) u",
];

describe("report SQL bounds", () => {
  it("lets ordinary report SQL through", async () => {
    for (const text of ORDINARY) await expect(checkReportSql(text), text).resolves.toBeUndefined();
  });
  it("refuses each costly text of the corpus with its words, quickly", async () => {
    for (const [text, refusal] of COSTLY_PLANNING) {
      const started = performance.now();
      await expect(checkReportSql(text), text.slice(0, 80)).rejects.toMatchObject({ message: refusal });
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});
