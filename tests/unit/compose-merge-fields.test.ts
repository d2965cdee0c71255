// 群发's merge fields (contract/modules/compose.ts, docs/decisions/166): what is not a merge field is
// named before anything is sent, each once, in the order written; the known ones pass.
import { describe, expect, it } from "vitest";
import { ComposeTexts, unknownMergeFields } from "#contract/modules/compose";
import { renderTemplate } from "#contract/template";

describe("群发 merge fields", () => {
  it("names the unknown placeholders of the subject and body, each once", () => {
    expect(unknownMergeFields("${studentName} 的通知", "${parentName}您好：${amountDue} ${ amount } ${nom} ${amount}")).toEqual(["amount", "nom"]);
    expect(unknownMergeFields("通知", "${parentName}${studentName}${className}${amountDue}${dueDate}${activityName}")).toEqual([]);
    expect(ComposeTexts.unknownFields(["amount"])).toBe(
      "未知的合并字段：${amount}。可用的字段：${parentName}、${studentName}、${className}、${amountDue}、${dueDate}、${activityName}",
    );
  });

  it("renders a recipient's values as plain text, an empty value as nothing", () => {
    expect(renderTemplate("${parentName}您好：${studentName}（${className}）待缴 ${amountDue} 元 ${dueDate}", {
      parentName: "高文博", studentName: "高小明", className: "三年级1班", amountDue: "1,234.56", dueDate: "",
    }).text).toBe("高文博您好：高小明（三年级1班）待缴 1,234.56 元 ");
  });
});
