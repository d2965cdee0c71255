// The dictionary selects' rules (docs/spec/widgets.md §2 "Selects and editors", §3 "Dictionary
// option", §5 "Dictionary", §9 switch values and multi-select tags).
import { describe, expect, it } from "vitest";
import {
  createDictCache,
  DICT_CODE_EMPTY,
  dictCodeProblem,
  isSwitchOn,
  joinValues,
  MULTI_SELECT_MAX_TAGS,
  normalizeDictOptions,
  optionText,
  splitValues,
  switchValue,
  textMatches,
  toSelectOptions,
  type DictOption,
} from "~/components/widgets/dict-select/dict-options";

const sex: DictOption[] = [
  { value: "1", text: "男" },
  { value: "2", text: "女" },
];

describe("dictionary options", () => {
  it("reads value plus text, label or title, and keeps values as text", () => {
    expect(
      normalizeDictOptions([
        { value: "1", text: "男", title: "男" },
        { value: 2, label: "女" },
        { value: "3", title: "未知" },
        { value: true, text: "" },
        { text: "no value" },
        { value: null, text: "null value" },
      ]),
    ).toEqual([
      { value: "1", text: "男" },
      { value: "2", text: "女" },
      { value: "3", text: "未知" },
      { value: "true", text: "true" },
    ]);
  });

  it("keeps an item's disabled flag", () => {
    expect(normalizeDictOptions([{ value: "a", text: "A", disabled: true }, { value: "b", text: "B", disabled: false }])).toEqual([
      { value: "a", text: "A", disabled: true },
      { value: "b", text: "B" },
    ]);
    expect(toSelectOptions([{ value: "a", text: "A", disabled: true }])).toEqual([{ value: "a", label: "A", disabled: true }]);
  });

  it("treats a missing answer as no options", () => {
    expect(normalizeDictOptions(null)).toEqual([]);
    expect(normalizeDictOptions(undefined)).toEqual([]);
  });

  it("says 'Dictionary Code cannot be empty!' for an empty code, unless options are given", () => {
    expect(DICT_CODE_EMPTY).toBe("Dictionary Code cannot be empty!");
    expect(dictCodeProblem("")).toBe(DICT_CODE_EMPTY);
    expect(dictCodeProblem("   ")).toBe(DICT_CODE_EMPTY);
    expect(dictCodeProblem(undefined)).toBe(DICT_CODE_EMPTY);
    expect(dictCodeProblem("sex")).toBeNull();
    expect(dictCodeProblem("", sex)).toBeNull();
    expect(dictCodeProblem(undefined, [])).toBeNull();
  });
});

describe("multi-select values", () => {
  it("is a comma-joined string in and out, showing at most one tag", () => {
    expect(MULTI_SELECT_MAX_TAGS).toBe(1);
    expect(splitValues("1,2")).toEqual(["1", "2"]);
    expect(splitValues(" 1 , ,2,")).toEqual(["1", "2"]);
    expect(splitValues("")).toEqual([]);
    expect(splitValues(null)).toEqual([]);
    expect(joinValues(["1", "2"])).toBe("1,2");
    expect(joinValues([])).toBe("");
  });

  it("shows each value's text, and unknown values as themselves", () => {
    expect(optionText(sex, "1")).toBe("男");
    expect(optionText(sex, "2,1,9")).toBe("女,男,9");
    expect(optionText(sex, "")).toBe("");
  });

  it("filters by text, case-insensitively", () => {
    expect(textMatches("Teacher Li", "teach")).toBe(true);
    expect(textMatches("Teacher Li", "LI")).toBe(true);
    expect(textMatches("Teacher Li", "wang")).toBe(false);
    expect(textMatches("anything", "  ")).toBe(true);
  });
});

describe("switch", () => {
  it("is Y when on and N when off by default", () => {
    expect(isSwitchOn("Y")).toBe(true);
    expect(isSwitchOn("N")).toBe(false);
    expect(isSwitchOn("")).toBe(false);
    expect(switchValue(true)).toBe("Y");
    expect(switchValue(false)).toBe("N");
  });

  it("takes other on/off values when configured", () => {
    const options = ["1", "0"] as const;
    expect(isSwitchOn("1", options)).toBe(true);
    expect(isSwitchOn("Y", options)).toBe(false);
    expect(switchValue(true, options)).toBe("1");
    expect(switchValue(false, options)).toBe("0");
  });
});

describe("dictionary cache", () => {
  function countingCache(answers: Record<string, DictOption[] | Error>) {
    const asked: string[] = [];
    const cache = createDictCache(async (code) => {
      asked.push(code);
      const answer = answers[code];
      if (answer instanceof Error) throw answer;
      return answer ?? [];
    });
    return { cache, asked };
  }

  it("asks once per code, also when several widgets ask at the same time", async () => {
    const { cache, asked } = countingCache({ sex });
    const [first, second] = await Promise.all([cache.load("sex"), cache.load("sex")]);
    expect(first).toEqual(sex);
    expect(second).toBe(first);
    expect(await cache.load("sex")).toBe(first);
    expect(asked).toEqual(["sex"]);
    expect(cache.peek("sex")).toEqual(sex);
    expect(cache.peek("priority")).toBeUndefined();
  });

  it("does not keep a failure: the next widget asks again", async () => {
    const answers: Record<string, DictOption[] | Error> = { sex: new Error("网络超时") };
    const { cache, asked } = countingCache(answers);
    await expect(cache.load("sex")).rejects.toThrow("网络超时");
    expect(cache.peek("sex")).toBeUndefined();
    answers.sex = sex;
    expect(await cache.load("sex")).toEqual(sex);
    expect(asked).toEqual(["sex", "sex"]);
  });

  it("forgets one code or all of them", async () => {
    const { cache, asked } = countingCache({ sex, priority: [{ value: "H", text: "高" }] });
    await cache.load("sex");
    await cache.load("priority");
    cache.forget("sex");
    expect(cache.peek("sex")).toBeUndefined();
    expect(cache.peek("priority")).toBeDefined();
    cache.forget();
    expect(cache.peek("priority")).toBeUndefined();
    await cache.load("sex");
    expect(asked).toEqual(["sex", "priority", "sex"]);
  });
});
