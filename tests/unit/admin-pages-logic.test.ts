// Pure logic of the remaining system pages (issue #16): the component names of both clients, the
// rule editor's items, file sizes and the data-source password box.
import { describe, expect, it } from "vitest";
import { canonicalComponent, catalogueComponentOf, cataloguePathOf } from "~/pages";
import { checkRuleRowProblem, CheckRuleRowMessages, parseCheckRuleRows, serializeCheckRuleRows } from "#contract/modules/check-rule";
import { formatFileSize } from "#contract/modules/oss-file";
import { decryptSecret, encryptSecret } from "../../backend/modules/system/data-source/secret-box";

describe("component names of the original client and ours", () => {
  it("opens our page for either name", () => {
    expect(canonicalComponent("modules/oss/OSSFileList")).toBe("system/OSSFileList");
    expect(canonicalComponent("/system/SysUserOnlineList")).toBe("system/OnlineUserList");
    expect(cataloguePathOf("modules/message/SysMessageTemplateList")).toBe("/isystem/messageTemplate");
    expect(cataloguePathOf("system/OSSFileList")).toBe("/isystem/ossFile");
    expect(cataloguePathOf("modules/unknown/List")).toBeUndefined();
    expect(catalogueComponentOf("/monitor/onlineUser/")).toBe("system/OnlineUserList");
  });
});

describe("the rule editor's items", () => {
  it("accepts a count or *, a valid expression and a message", () => {
    expect(checkRuleRowProblem({ digits: "3", pattern: "[A-Z]{3}", message: "大写" })).toBeNull();
    expect(checkRuleRowProblem({ digits: "*", pattern: ".{3,12}", message: "长度" })).toBeNull();
    expect(checkRuleRowProblem({ digits: "0", pattern: "x", message: "m" })).toBe(CheckRuleRowMessages.digits);
    expect(checkRuleRowProblem({ digits: "*", pattern: "", message: "m" })).toBe(CheckRuleRowMessages.pattern);
    expect(checkRuleRowProblem({ digits: "*", pattern: "([a-", message: "m" })).toBe(CheckRuleRowMessages.badPattern);
    expect(checkRuleRowProblem({ digits: "*", pattern: "x", message: " " })).toBe(CheckRuleRowMessages.message);
  });

  it("round-trips rule_json and reads numbers and malformed text", () => {
    const rows = [{ digits: "1", pattern: "[a-z]", message: "小写" }];
    expect(parseCheckRuleRows(serializeCheckRuleRows(rows))).toEqual(rows);
    expect(parseCheckRuleRows('[{"digits":2,"pattern":"x","message":"m"}]')).toEqual([{ digits: "2", pattern: "x", message: "m" }]);
    expect(parseCheckRuleRows("{not json")).toEqual([]);
  });
});

describe("file sizes and data-source passwords", () => {
  it("formats sizes as people read them", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(formatFileSize(null)).toBe("");
  });

  it("encrypts with a fresh IV each time and refuses a changed key or text", () => {
    const one = encryptSecret("口令-1", "key");
    expect(one).not.toBe(encryptSecret("口令-1", "key"));
    expect(decryptSecret(one, "key")).toBe("口令-1");
    expect(decryptSecret(one, "other")).toBeNull();
    const [version, iv, tag, data] = one.split(":");
    expect(decryptSecret([version, iv, tag, `${data!.startsWith("A") ? "B" : "A"}${data!.slice(1)}`].join(":"), "key")).toBeNull();
    expect(decryptSecret("plain", "key")).toBeNull();
  });
});
