// The last clear copies of phones (issue #34 item 2, docs/decisions/155), over real HTTP on PGlite
// and (when reachable) PostgreSQL: 订单's receiver phone and an SMS row's receiver in 消息 are
// stored encrypted with their search hashes, shown in full with the page's 查看敏感信息 and masked
// without it; sys_sms_code keeps the phone's keyed hash only, and sign-in codes still work. An
// older database's rows are converted (migration 0760 and the start-up pass; checked with SQL: no
// clear phone remains), and the rotation covers them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { maskValue } from "#contract/modules/sensitive";
import { PhoneTexts } from "#contract/phone-auth";
import { rotatePersonalData } from "../../backend/crud/encrypted-rotation";
import { encryptStoredValues } from "../../backend/crud/encrypted";
import { SensitiveLogText } from "../../backend/crud/sensitive";
import { decryptValue, installKeyring, keyring, parseKeyring, searchHash } from "../../backend/security/personal-data";
import { migrationsFolder } from "../../backend/db/migrate";
import { call, loginToken, postgresReachable, startTestBackend, userWithRole, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const KEYS = { personalDataKeys: "p1:first secret of the phones", personalDataHashKey: "phones search hash secret" };
const ROTATED = "p2:second secret of the phones,p1:first secret of the phones";
const PASSWORD = "Clerk-Test-2026!";
const CLERK_PHONE = "15811112222";
const MIGRATION = "0760_personal_data_last_clear_phones.sql";

// The process's keyring, which the tests replace, is the next file's too (the files of a worker share
// its process, docs/decisions/152): put back as found.
const keyringFound = keyring();
afterAll(() => installKeyring(keyringFound));

describe.each(databases)("the last clear copies of phones on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  /** A role with 订单 and 消息 and their buttons, but no 查看敏感信息. */
  let clerk: string;
  let orderId: string;
  let address = 20;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const get = (token: string, url: string) => call(base, "GET", url, { token });
  const askCode = (mobile: string, smsmode = "0") =>
    call(base, "POST", "/sys/sms", { body: { mobile, smsmode }, headers: { "X-Forwarded-For": `198.51.100.${(address += 1)}` } });

  beforeAll(async () => {
    installKeyring(parseKeyring({ keys: KEYS.personalDataKeys, hashKey: KEYS.personalDataHashKey }));
    server = await startTestBackend(kind as "pglite" | "postgres", KEYS);
    base = server.url;
    admin = await loginToken(base);
    const permissionIds = (
      await rows<{ id: string }>(
        `SELECT id FROM sys_permission WHERE del_flag = 0 AND (url IN ('/shop', '/shop/order', '/communication', '/communication/message')
            OR ((perms LIKE 'order:%' OR perms LIKE 'message:%') AND perms NOT LIKE '%:viewSensitive'))`,
      )
    ).map((row) => row.id);
    clerk = await userWithRole(
      base,
      admin,
      { roleCode: "shop_clerk", roleName: "店员", permissionIds },
      { username: "clerk_qian", realname: "钱店员", phone: CLERK_PHONE, password: PASSWORD },
    );
  });
  afterAll(async () => server?.close());

  it("stores 订单's receiver phone encrypted with its hash, in full with 查看敏感信息 and masked without", async () => {
    const [commodity] = await rows<{ id: string }>(`SELECT id FROM shop_commodity WHERE tenant_id = 1 AND status = '1' AND stock > 5 ORDER BY id LIMIT 1`);
    const [parent] = await rows<{ id: string; phone: string }>(`SELECT id, phone FROM school_parent WHERE tenant_id = 1 AND phone <> '' ORDER BY id LIMIT 1`);
    const added = await call(base, "POST", "/shop/order/add", {
      token: admin,
      body: { parentId: parent!.id, receiverPhone: "13912345601", lines: [{ commodityId: commodity!.id, quantity: 1 }] },
    });
    expect(added.json.success).toBe(true);
    const [stored] = await rows<{ id: string; receiver_phone: string; receiver_phone_hash: string }>(
      `SELECT id, receiver_phone, receiver_phone_hash FROM shop_order WHERE receiver_phone_hash = '${searchHash("phone", "13912345601")}'`,
    );
    orderId = stored!.id;
    expect(stored!.receiver_phone).toMatch(/^pd1:p1:/);
    expect((await get(admin, `/shop/order/queryById?id=${orderId}`)).json.result.receiverPhone).toBe("13912345601");
    const masked = await get(clerk, `/shop/order/queryById?id=${orderId}`);
    expect(masked.json.result.receiverPhone).toBe(maskValue("phone", "13912345601"));
    const list = await get(clerk, "/shop/order/list?pageSize=100");
    expect(list.json.success).toBe(true);
    expect(list.text).not.toContain("13912345601");

    // Without a receiver phone the order takes the parent's, in clear before it is sealed again.
    const plain = await call(base, "POST", "/shop/order/add", { token: admin, body: { parentId: parent!.id, lines: [{ commodityId: commodity!.id, quantity: 1 }] } });
    expect(plain.json.success).toBe(true);
    const [copy] = await rows<{ receiver_phone: string; receiver_phone_hash: string }>(
      `SELECT receiver_phone, receiver_phone_hash FROM shop_order WHERE parent_id = '${parent!.id}' ORDER BY create_time DESC, id DESC LIMIT 1`,
    );
    expect(copy!.receiver_phone).toMatch(/^pd1:p1:/);
    expect(decryptValue(copy!.receiver_phone)).toBe(decryptValue(parent!.phone));
    expect(copy!.receiver_phone_hash).toBe(searchHash("phone", decryptValue(parent!.phone)));
  });

  it("keeps a sign-in code under the phone's hash only, and its SMS row's receiver encrypted; 消息 shows it in full or masked", async () => {
    const mobile = CLERK_PHONE;
    expect((await askCode(mobile)).json).toMatchObject({ success: true, message: PhoneTexts.codeSent });
    const codes = await rows<{ mobile_hash: string }>(`SELECT mobile_hash FROM sys_sms_code`);
    expect(codes.map((row) => row.mobile_hash)).toContain(searchHash("phone", mobile));
    expect(codes.some((row) => row.mobile_hash.includes(mobile))).toBe(false);
    const [message] = await rows<{ id: string; es_receiver: string }>(`SELECT id, es_receiver FROM sys_message WHERE es_receiver_hash = '${searchHash("phone", mobile)}'`);
    expect(message!.es_receiver).toMatch(/^pd1:p1:/);

    // The administrator finds it by the whole phone and reads it; the clerk sees it masked.
    const full = await get(admin, `/sys/message/sysMessage/list?esReceiver=${mobile}`);
    expect(full.json.result.records).toHaveLength(1);
    expect(full.json.result.records[0]).toMatchObject({ id: message!.id, esType: "1", esReceiver: mobile });
    const code = /(\d{6})/.exec(full.json.result.records[0].esContent)![1]!;
    const masked = await get(clerk, `/sys/message/sysMessage/list?esReceiver=${mobile}`);
    expect(masked.json.result.records[0]).toMatchObject({ id: message!.id, esReceiver: maskValue("phone", mobile) });
    expect(masked.text).not.toContain(mobile);
    expect((await get(clerk, `/sys/message/sysMessage/queryById?id=${message!.id}`)).json.result.esReceiver).toBe(maskValue("phone", mobile));
    expect((await get(admin, `/sys/message/sysMessage/queryById?id=${message!.id}`)).json.result.esReceiver).toBe(mobile);
    // The full view is in 系统日志 like any other (the clerk's masked one is not).
    await server.backend.services.logs.flush();
    const views = await rows<{ log_content: string; userid: string }>(`SELECT log_content, userid FROM sys_log WHERE log_content LIKE '${SensitiveLogText.view}%${message!.id}'`);
    expect(views.map((view) => view.userid)).toEqual(["admin"]);
    // A part of the phone finds no SMS row; other channels' receivers are searched as before.
    expect((await get(admin, `/sys/message/sysMessage/list?esReceiver=*5811112*`)).json.result.records).toEqual([]);
    await rows(`INSERT INTO sys_message (id, tenant_id, es_type, es_receiver, es_title, es_content) VALUES ('phones0site0001', 1, '4', 'teacher_li', '通知', '站内')`);
    expect((await get(admin, `/sys/message/sysMessage/list?esReceiver=*teacher_l*`)).json.result.records.map((row: { id: string }) => row.id)).toContain("phones0site0001");

    // A second code waits its minute; the code signs the phone's account in (found by hash).
    expect((await askCode(mobile)).json.success).toBe(false);
    const signIn = await call(base, "POST", "/sys/phoneLogin", { body: { mobile, captcha: code }, headers: { "X-Forwarded-For": "198.51.100.99" } });
    expect(signIn.json).toMatchObject({ success: true, result: { userInfo: { username: "clerk_qian" } } });
  });

  it("converts an older database's clear phones (migration 0760 and the start-up pass): SQL finds none", async () => {
    await rows(`UPDATE shop_order SET receiver_phone = '13700001111', receiver_phone_hash = NULL WHERE id = '${orderId}'`);
    await rows(`INSERT INTO sys_message (id, tenant_id, es_type, es_receiver, es_title, es_content) VALUES ('phones0sms00001', 1, '1', '13700002222', '验证码', '旧短信')`);
    await server.backend.db.execInTransaction(readFileSync(path.join(migrationsFolder(), MIGRATION), "utf8"));
    expect(await rows(`SELECT 1 FROM information_schema.columns WHERE table_name = 'sys_sms_code' AND column_name = 'mobile'`)).toEqual([]);
    expect(await rows(`SELECT 1 FROM sys_sms_code`)).toEqual([]);
    const written = await encryptStoredValues(server.backend.db, { mode: "clear" });
    expect(written.shop_order).toBeGreaterThanOrEqual(1);
    expect(written.sys_message).toBeGreaterThanOrEqual(1);
    const clear = await rows<{ what: string }>(`
      SELECT 'order ' || id AS what FROM shop_order WHERE receiver_phone <> '' AND (receiver_phone NOT LIKE 'pd1:%' OR receiver_phone_hash IS NULL)
      UNION ALL SELECT 'message ' || id FROM sys_message WHERE es_type = '1' AND es_receiver <> '' AND (es_receiver NOT LIKE 'pd1:%' OR es_receiver_hash IS NULL)
      UNION ALL SELECT 'code ' || mobile_hash FROM sys_sms_code WHERE mobile_hash ~ '^[0-9+ -]+$'`);
    expect(clear).toEqual([]);
    expect((await get(admin, `/shop/order/queryById?id=${orderId}`)).json.result.receiverPhone).toBe("13700001111");
    expect((await get(admin, `/sys/message/sysMessage/list?esReceiver=13700002222`)).json.result.records.map((row: { esReceiver: string }) => row.esReceiver)).toEqual(["13700002222"]);
    // Other channels' receivers are no phones: left as they are.
    expect(await rows(`SELECT es_receiver FROM sys_message WHERE id = 'phones0site0001'`)).toEqual([{ es_receiver: "teacher_li" }]);
  });

  it("rotates the orders' and the SMS rows' phones to a new key with the rest", async () => {
    const outcome = await rotatePersonalData(server.backend.db, { keys: ROTATED, hashKey: KEYS.personalDataHashKey, batchSize: 50 });
    expect(outcome.written.shop_order).toBeGreaterThan(0);
    expect(outcome.written.sys_message).toBeGreaterThan(0);
    expect(outcome.left.shop_order).toBe(0);
    expect(outcome.left.sys_message).toBe(0);
    expect(await rows(`SELECT id FROM shop_order WHERE receiver_phone <> '' AND receiver_phone NOT LIKE 'pd1:p2:%'`)).toEqual([]);
    expect(await rows(`SELECT id FROM sys_message WHERE es_type = '1' AND es_receiver NOT LIKE 'pd1:p2:%'`)).toEqual([]);
    expect(await rows(`SELECT es_receiver FROM sys_message WHERE id = 'phones0site0001'`)).toEqual([{ es_receiver: "teacher_li" }]);
    installKeyring(parseKeyring({ keys: ROTATED, hashKey: KEYS.personalDataHashKey }));
    expect((await get(admin, `/shop/order/queryById?id=${orderId}`)).json.result.receiverPhone).toBe("13700001111");
    expect((await get(admin, `/sys/message/sysMessage/list?esReceiver=13700002222`)).json.result.records[0].esReceiver).toBe("13700002222");
  });

  it("gives an older database 订单's and 消息's 查看敏感信息 for the platform administrators only (migration 0760)", async () => {
    await rows(`DELETE FROM sys_permission WHERE perms IN ('order:viewSensitive', 'message:viewSensitive')`);
    await server.backend.db.execInTransaction(readFileSync(path.join(migrationsFolder(), MIGRATION), "utf8"));
    const buttons = await rows<{ id: string; perms: string; parent_url: string }>(
      `SELECT b.id, b.perms, p.url AS parent_url FROM sys_permission b JOIN sys_permission p ON p.id = b.parent_id WHERE b.perms IN ('order:viewSensitive', 'message:viewSensitive') AND b.menu_type = 2 ORDER BY b.perms`,
    );
    expect(buttons.map((button) => [button.perms, button.parent_url])).toEqual([
      ["message:viewSensitive", "/communication/message"],
      ["order:viewSensitive", "/shop/order"],
    ]);
    const holders = await rows<{ platform_admin: number }>(
      `SELECT r.platform_admin FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id WHERE rp.permission_id IN ('${buttons[0]!.id}', '${buttons[1]!.id}')`,
    );
    expect(holders.length).toBeGreaterThan(0);
    expect(holders.every((holder) => Number(holder.platform_admin) === 1)).toBe(true);
  });
});
