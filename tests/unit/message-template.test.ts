// 消息模板 rendering (contract/template.ts): `${name}` replaced by plain text, missing values reported,
// nothing evaluated.
import { describe, expect, it } from "vitest";
import { missingValuesMessage, renderTemplate, templatePlaceholders } from "#contract/template";

describe("renderTemplate", () => {
  it("fills every placeholder, repeated ones too, with spaces allowed around the name", () => {
    expect(renderTemplate("${name}，您好：待缴 ${ total } 元。${name}", { name: "张三", total: "12.50" })).toEqual({
      text: "张三，您好：待缴 12.50 元。张三",
      missing: [],
    });
    expect(renderTemplate("共 ${n} 张, ${学生}", { n: 3, 学生: "李四" }).text).toBe("共 3 张, 李四");
  });

  it("reports missing values once each, in order, and leaves them as written", () => {
    const rendered = renderTemplate("${a}-${b}-${a}-${c}", { b: "" });
    expect(rendered).toEqual({ text: "${a}--${a}-${c}", missing: ["a", "c"] });
    expect(missingValuesMessage(rendered.missing)).toBe("模板参数缺失: a, c");
    expect(renderTemplate("${x}", { x: null }).missing).toEqual(["x"]);
  });

  it("never evaluates: expressions are not placeholders, values are inserted verbatim", () => {
    const globalKey = "__templateEvaluated";
    expect(renderTemplate("${1+1} ${globalThis.x=1} ${constructor}", {}).text).toBe("${1+1} ${globalThis.x=1} ${constructor}");
    expect(renderTemplate("${constructor}", {}).missing).toEqual(["constructor"]);
    expect(renderTemplate("${toString}", {}).missing).toEqual(["toString"]);
    expect(renderTemplate("${v}", { v: "${w}" }).text).toBe("${w}");
    expect(renderTemplate("${v}", { v: "$& $1 $$" }).text).toBe("$& $1 $$");
    expect((globalThis as Record<string, unknown>)[globalKey]).toBeUndefined();
  });

  it("lists a template's placeholders", () => {
    expect(templatePlaceholders("${a}${b} ${a} $x {c}")).toEqual(["a", "b"]);
  });
});
