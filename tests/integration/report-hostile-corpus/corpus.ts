// The hostile corpus of report SQL (issue #27 item 1): texts a tenant-2 administrator might save as a
// report to read another school's rows or a secret. Each is run through the report endpoints and
// straight through the report runner (past the parser), on PGlite and on PostgreSQL
// (../report-wall.test.ts): whatever answers must hold neither a row of another tenant nor a secret.
// COSTLY_PLANNING (at the end) are texts the planner would spend long on: refused before they run.
import { ReportMessages } from "#contract/modules/online-report";

/** Every table of schema public (as of migration 0350), whether a report may see it or not. */
export const ALL_TABLES = [
  "act_activity", "act_signup", "act_third_party", "act_third_party_student", "bill_allowance", "bill_bill", "bill_bill_item",
  "bill_payment", "bill_payment_allocation", "bill_payment_tally", "bill_project", "bill_receipt", "bill_receivable", "bill_reminder",
  "bill_voucher", "bill_voucher_entry", "bill_wechat_trade", "comm_mail", "comm_mail_attachment", "demo_grid_row", "onl_cgform_head",
  "onl_cgreport_head", "onl_cgreport_item", "onl_cgreport_param", "oss_file", "schema_migrations", "school_corporation", "school_parent",
  "school_student", "school_student_parent", "school_student_tally", "school_teacher", "shop_address", "shop_cart", "shop_commodity",
  "shop_order", "shop_order_item", "sys_announcement", "sys_announcement_send", "sys_app_secret", "sys_captcha", "sys_cas_ticket",
  "sys_category", "sys_check_rule", "sys_data_source", "sys_depart", "sys_dict", "sys_dict_item", "sys_fill_rule", "sys_fill_rule_counter",
  "sys_gateway_route", "sys_log", "sys_login_failure", "sys_login_lock", "sys_message", "sys_permission", "sys_permission_data_rule",
  "sys_position", "sys_quartz_job", "sys_quartz_job_run", "sys_request_minute", "sys_role", "sys_role_permission", "sys_session",
  "sys_sms_code", "sys_sms_template", "sys_tenant", "sys_third_account", "sys_third_login_request", "sys_third_login_ticket", "sys_user",
  "sys_user_depart", "sys_user_page_visit", "sys_user_preference", "sys_user_role", "report_context", "report_source",
  // an online form's generated table (made by the test)
  "onlform_wall_canary",
] as const;

/** Whole-row and sub-query forms, each applied to every table. */
const PER_TABLE: Array<(table: string) => string> = [
  (t) => `select to_json(x) as j from ${t} x`,
  (t) => `select x::text as j from ${t} x`,
  (t) => `select j from (select 1 as one) z, lateral (select json_agg(y) as j from public.${t} y) l`,
  (t) => `with c as (select * from ${t}) select to_jsonb(c) as j from c`,
];

/** Tricks that are not about one table: catalogue, casts, record fields, functions, quoting, comments. */
const TRICKS = [
  "select to_json(s) as j from sys_sms_code s",
  "select s::text as j from sys_sms_code s",
  "select row_to_json(s) as j from sys_sms_code s",
  "select es_content from sys_message",
  "select tenant_id, name_cn, passport_no from school_student",
  "select tenant_id, name_cn, passport_no from public.school_student",
  "select tenant_id, name_cn, passport_no from \"public\".\"school_student\"",
  "select tenant_id, name_cn, passport_no from PUBLIC.SCHOOL_STUDENT",
  "select * from school_student where tenant_id <> 2",
  "select * from school_student where tenant_id = 1 or true",
  "select count(*) as n, min(tenant_id) as lo, max(tenant_id) as hi from school_student",
  "select (u).password as p, (u).salt as s from sys_user u",
  "select (jsonb_populate_record(null::sys_user, to_jsonb(u))).* from sys_user u",
  "select jsonb_populate_record(null::school_student, to_jsonb(s)) as j from school_student s",
  "select to_jsonb(u) ->> 'password' as p from sys_user u",
  "select (to_json(u))::text as j from sys_user u",
  "select u.* from sys_user u",
  "select username, phone, email, telephone from sys_user",
  "select * from sys_user where rel_tenant_ids not like '%2%'",
  "select * from (select * from (select * from public.sys_user) a) b",
  "select (select string_agg(x::text, ',') from sys_session x) as j",
  "select array_agg(x) as j from sys_session x",
  "select token_hash from sys_session",
  "select /* hidden */ to_json(s) as j from sys_sms_code s -- tail",
  "select to_json(s) as j from\n-- a comment\nsys_sms_code s",
  "select to_json(s) as j from \"sys_sms_code\" s",
  "select to_json(s) as j from public . \"sys_sms_code\" s",
  "select to_json(s) as j from sys_sms_code as s where 1 = 1",
  "select db_password, db_url, db_username from sys_data_source",
  "select to_json(d) as j from sys_data_source d",
  "select value from sys_app_secret",
  "select log_content, request_param from sys_log",
  "select body, mail_to from comm_mail",
  "select rolname, rolpassword from pg_authid",
  "select * from pg_catalog.pg_shadow",
  "select usename, passwd from pg_user",
  "select relname, reltuples from pg_class",
  "select table_name from information_schema.tables",
  "select column_name from information_schema.columns where table_name = 'sys_user'",
  "select query from pg_stat_activity",
  "select * from pg_catalog.pg_stats",
  "select set_config('role', current_user, true) as r",
  "select set_config('search_path', 'public', true) as r",
  "select pg_catalog.set_config('role', 'postgres', true) as r, (select count(*) from public.school_student) as n",
  "select current_setting('search_path') as p",
  "select pg_read_file('/etc/passwd') as f",
  "select lo_import('/etc/passwd') as f",
  "select * from generate_series(1, 3) g, lateral (select to_json(s) as j from sys_sms_code s) x",
  "select unnest(array(select code_hash from sys_sms_code)) as h",
  "with gone as (delete from school_student returning *) select * from gone",
  "with moved as (update school_student set name_cn = 'x' returning id) select id from moved",
  "with added as (insert into sys_user (id, username) values ('x', 'x') returning id) select id from added",
  "select * into stolen from school_student",
  "select * from school_student for update",
  "select 1 as a; select to_json(s) from sys_sms_code s",
  "select x.* from (values (1)) v(a), school_student x",
  "select * from school_student natural join school_parent",
  "select s.name_cn, p.payer_name from school_student s cross join bill_payment p",
  "select * from school_student union all select * from school_student",
  "select name_cn from school_student except select name_cn from school_student where false",
  "select cast(s as text) as j from school_student s",
  "select s::json as j from school_student s",
  "select format('%s', s) as j from school_student s",
  "select concat(s) as j from school_student s",
  "select md5(s::text) as j from sys_sms_code s",
  "select to_json(r) as j from sys_role r",
  "select to_json(r) as j from sys_role_permission r",
  "select to_json(t) as j from sys_tenant t",
  "select * from report_context",
  "select * from public.report_context",
  "select * from onlform_wall_canary",
  "select * from public.onlform_wall_canary",
  "select tenant_id, name_cn from report.school_student where tenant_id = 1",
  "select es_content from report.sys_message",
  "select xmin, ctid, tableoid, name_cn from school_student",
  "select e'\\x41' as a, (select to_json(s) from sys_sms_code s limit 1) as j",
  "select $$x$$ as a",
];

export const HOSTILE_CORPUS: string[] = [...TRICKS, ...ALL_TABLES.flatMap((table) => PER_TABLE.map((form) => form(table)))];

/** A sub-query `depth` levels deep whose column is used twice at each level (the planner copies it). */
function doubled(depth: number, seed: string, twice: (column: string) => string): string {
  let text = `select ${seed} as s`;
  for (let level = 0; level < depth; level += 1) text = `select ${twice("s")} as s from (${text}) level${level}`;
  return text;
}

/**
 * Texts that are costly before they run (docs/decisions/149): the planner folds constants and copies
 * pulled-up sub-queries while it makes the plan, which EXPLAIN's cost limit comes after and PGlite
 * cannot stop. Each is refused by the parser, in words, within moments (../report-stall.test.ts).
 * They are not in HOSTILE_CORPUS, whose texts also run past the parser.
 */
export const COSTLY_PLANNING: ReadonlyArray<readonly [text: string, refusal: string]> = [
  ["select lpad('', 2000000, 'x') as s", ReportMessages.padRefused("lpad", 10_000)],
  ["select rpad('x', 1000000000, 'y') as s", ReportMessages.padRefused("rpad", 10_000)],
  ["select lpad('', 2000 * 1000, 'x') as s", ReportMessages.padRefused("lpad", 10_000)],
  ["select lpad(name_cn, (select count(*) from school_student)::int * 100000, 'x') as s from school_student", ReportMessages.padRefused("lpad", 10_000)],
  ["select format('%2000000s', 'x') as s", ReportMessages.formatRefused(10_000)],
  ["select format('%*s', 2000000, 'x') as s", ReportMessages.formatRefused(10_000)],
  ["select format(name_cn, 'x') as s from school_student", ReportMessages.formatRefused(10_000)],
  ["select repeat('x', 100000000) as s", ReportMessages.functionRefused("repeat")],
  ["select count(*) as n from generate_series(1, 100000000000) g", ReportMessages.functionRefused("generate_series")],
  ["select count(*) as n from generate_series(1, 100000) a, generate_series(1, 100000) b", ReportMessages.functionRefused("generate_series")],
  ["select power(2::numeric, 100000) as p", ReportMessages.exponentRefused(1_000)],
  ["select 9.99::numeric ^ 131000 as p", ReportMessages.exponentRefused(1_000)],
  ["select power(2::numeric, id) as p from sys_dict", ReportMessages.exponentRefused(1_000)],
  ["select string_agg(lpad('', 10000, 'x'), '') as s from school_student", ReportMessages.valueTooLarge],
  [`select ${"replace(".repeat(7)}lpad('', 10000, 'x')${", 'x', 'xxxxxxxxxx')".repeat(7)} as s`, ReportMessages.valueTooLarge],
  ["select regexp_replace(lpad('', 10000, 'x'), '', lpad('', 10000, 'y'), 'g') as s", ReportMessages.valueTooLarge],
  ["select replace(name_cn, 'a', name_cn) as s from school_student", ReportMessages.replacementRefused("replace")],
  ["select array_to_string(string_to_array(lpad('', 10000, 'x'), null), lpad('', 10000, 'y')) as s", ReportMessages.valueTooLarge],
  ["select count(*) as n from school_student s, unnest(string_to_array(s.name_cn || s.name_cn, null)) a", ReportMessages.rowsFromData("unnest")],
  [doubled(30, "lpad('', 1000, 'x')", (s) => `${s} || ${s}`), ReportMessages.valueTooLarge],
  [doubled(30, "1", (s) => `${s} + ${s}`), ReportMessages.tooComplex],
  [doubled(30, "'x'", (s) => `concat(${s}, ${s})`), ReportMessages.tooComplex],
  [`with a as (select 1 as s), ${Array.from({ length: 25 }, (_, i) => `c${i} as (select s + s as s from ${i === 0 ? "a" : `c${i - 1}`})`).join(", ")} select s from c24`, ReportMessages.tooComplex],
  [`select l20.s from (select lpad('', 1000, 'x') as s) l0${Array.from({ length: 20 }, (_, i) => `, lateral (select l${i}.s || l${i}.s as s) l${i + 1}`).join("")}`, ReportMessages.valueTooLarge],
  [`select ${"lower(".repeat(300)}'x'${")".repeat(300)} as s`, ReportMessages.tooComplex],
  [`select ${"1 + ".repeat(900)}1 as n`, ReportMessages.tooComplex],
  [`select ${Array.from({ length: 12 }, () => "lpad('', 10000, 'x')").join(" || ")} as s`, ReportMessages.valueTooLarge],
];
