// The division names behind an address's area codes (@vant/area-data, the same data as the area
// selector of the page): checks a district code and names it 省/市/区 for lists and the parent's
// detail view.
import { areaList } from "@vant/area-data";
import { areaCodesOf } from "#contract/modules/address";

/** province / city / district codes of a known district, or null. */
export function knownArea(district: string): { province: string; city: string; district: string } | null {
  const codes = areaCodesOf(district);
  if (!codes || areaList.county_list[district] === undefined || areaList.city_list[codes.city] === undefined) return null;
  return codes;
}

/** 北京市/北京市/东城区 for a district code; "" when unknown. */
export function areaText(district: string | null | undefined): string {
  const codes = district ? knownArea(district) : null;
  if (!codes) return "";
  return [areaList.province_list[codes.province], areaList.city_list[codes.city], areaList.county_list[codes.district]].join("/");
}
