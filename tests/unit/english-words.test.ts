// The ASCII walk's word finder (tests/e2e/support/english-words.ts, issue #30 item 5): English words
// are found; codes, user data, URLs, paths, units and the allow-list's names are not.
import { describe, expect, it } from "vitest";
import { englishWords, englishWordsInContext } from "../e2e/support/english-words";

describe("englishWords", () => {
  it("finds English words in Chinese text", () => {
    expect(englishWords("图标 icon\n标题 Normal")).toEqual(["icon", "Normal"]);
    expect(englishWords("SMTP_URL is not set: mail sending is not configured")).toEqual(["is", "not", "set", "mail", "sending", "configured"]);
  });

  it("lets codes, user data, addresses, paths, units and named products through", () => {
    const text = [
      "账号 teacher_li 学号 S2026001 机构编码 A01A02",
      "邮箱 li.wei@school.example f***@mail.example 地址 https://example.com/a?b=c",
      "路径 /sys/user/list 接口 GET POST SQL CPU 内存 512 MB 耗时 12 ms",
      "JeecgBoot 接口文档（OpenAPI 3.1） 数据库 PostgreSQL Excel",
      "组件 layouts/RouteView 分组 sys/user 任务类 org.jeecg.modules.quartz.job.PurgeExpiredJob 合并字段 ${parentName}",
      "家长 Mia Martin 账号 admin 角色 finance",
    ].join("\n");
    expect(englishWords(text)).toEqual([]);
  });

  it("reports each word once with the line it appears in", () => {
    expect(englishWordsInContext("第一行\n菜单 icon 列\n再 icon")).toEqual(["english \"icon\" in «菜单 icon 列»"]);
  });
});
