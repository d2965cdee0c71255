// Rich text is shown as it reads, never as its HTML (issue #32; docs/decisions/148): the activity's
// 详情 renders its content through RichTextView, the one cleaned display of notices and community
// activities (DOMPurify in the browser). Rendered on the server (no DOM to clean with, and the page
// without JavaScript), it shows the words alone, escaped: neither raw tags nor anything of a script.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { activityModule } from "#contract/modules/activity";
import { activityPage } from "~/components/activity/activity-list";
import { RecordView } from "~/components/widgets/list/record-view";
import { RichTextView, richTextWords } from "~/components/shell/notices/rich-text-view";

const CONTENT = '<h2>报名须知</h2><p>请带<strong>水壶</strong>&amp;帽子</p><script>alert("x")</script><img src="x" onerror="alert(1)">';

describe("rich text shown as it reads", () => {
  it("keeps the words, one line per block, without tags or entities", () => {
    expect(richTextWords(CONTENT)).toBe('报名须知\n请带水壶&帽子\nalert("x")');
    expect(richTextWords("<p>a&nbsp;&lt;b&gt;</p>")).toBe("a <b>");
  });

  it("renders no markup of the text before the browser cleans it", () => {
    const html = renderToStaticMarkup(<RichTextView html={CONTENT} className="activity-content" />);
    expect(html).toContain("报名须知");
    expect(html).toContain("水壶");
    expect(html).not.toMatch(/<script|<strong|<img|onerror|&lt;p&gt;|&lt;strong/);
  });

  it("is what the activity's 详情 shows for 活动内容, never the content's HTML", () => {
    const page = activityPage(activityModule);
    const fields = page.formFields({});
    const html = renderToStaticMarkup(<RecordView fields={fields} record={{ title: "秋游", content: CONTENT }} />);
    expect(html).toContain("活动内容");
    expect(html).toContain('class="rich-text-view activity-content"');
    expect(html).toContain("报名须知");
    expect(html).not.toMatch(/&lt;h2&gt;|&lt;p&gt;|&lt;strong&gt;|<script|onerror/);
  });
});
