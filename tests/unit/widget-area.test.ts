import { describe, expect, it } from "vitest";
import { areaList } from "@vant/area-data";
import { AREA_ROOT, areaOptions, areaPath, areaText, areaValue, toAreaTable } from "~/components/widgets/area/area-data";

const table = toAreaTable(areaList);

describe("area data adapter (docs/spec/widgets.md §3 Area data)", () => {
  it("puts the 34 provinces under the root 86", () => {
    expect(AREA_ROOT).toBe("86");
    expect(Object.keys(table["86"]!)).toHaveLength(34);
    expect(table["86"]!["110000"]).toBe("北京市");
  });

  it("has the division changes up to Dec 2024: 莱芜区 (2019), 会理市 (2021), 和康县 and 和安县 (2024)", () => {
    expect(areaText(table, "370116")).toBe("山东省/济南市/莱芜区");
    expect(areaText(table, "513402")).toBe("四川省/凉山彝族自治州/会理市");
    expect(areaText(table, "653228")).toBe("新疆维吾尔自治区/和田地区/和康县");
    expect(areaText(table, "653229")).toBe("新疆维吾尔自治区/和田地区/和安县");
  });

  it("walks a district code up to its province", () => {
    expect(areaPath(table, "110101")).toEqual(["110000", "110100", "110101"]);
    expect(areaPath(table, "110100")).toEqual(["110000", "110100"]);
    expect(areaPath(table, "999999")).toEqual([]);
    expect(areaText(table, "999999")).toBe("");
  });

  it("places every city and district under a known parent, three levels deep at most", () => {
    const options = areaOptions(table);
    let districts = 0;
    for (const province of options)
      for (const city of province.children ?? [])
        for (const district of city.children ?? []) {
          expect(district.children).toBeUndefined();
          districts++;
        }
    expect(districts).toBe(Object.keys(areaList.county_list).length);
  });

  it("refuses a district whose city and province are unknown", () => {
    expect(() => toAreaTable({ province_list: {}, city_list: {}, county_list: { "110101": "东城区" } })).toThrow(/no city or province/);
  });

  it("stores the deepest chosen code", () => {
    expect(areaValue(["110000", "110100", "110101"])).toBe("110101");
    expect(areaValue([])).toBe("");
    expect(areaValue(undefined)).toBe("");
  });
});
