// /sys/thirdApp (the original's ThirdAppController): the original client asks which third-party
// apps (WeCom, DingTalk) are enabled before it offers their sync buttons in 用户管理 and 部门管理.
// The school connects none, so both are off and the client hides those buttons.
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ok } from "../../../http/envelope";

export const thirdAppEndpoints: Endpoint[] = [
  endpoint("GET", "/sys/thirdApp/getEnabledType", "user", async () => ok({ wechatEnterprise: false, dingtalk: false }, ""), { doc: { summary: "已启用的第三方应用（企业微信、钉钉）" } }),
];
