// The notice detail modal (docs/spec/app-shell.md §2 "Notices"; §9: 60% wide, 80% of the window high):
// title 通知消息; the announcement's title, sender's real name and send time; the HTML body
// (sanitised); 关闭, and 去处理 when openType is url. openType component shows the named
// component with busId. Opening a notice marks it read, and the other tabs learn it (§4).
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Button, Divider, Modal, Skeleton, Typography } from "antd";
import { fetchNoticeDetail, markNoticeRead } from "./notice-api";
import { resolveOpenPage } from "./notice-logic";
import { NoticeBusinessComponent } from "./notice-components";
import { sanitizeNoticeHtml } from "./sanitize-html";
import type { NoticeDetail } from "./notice-types";

type Loaded = { id: string; notice: NoticeDetail } | { id: string; error: string };

export function NoticeModal({ anntId, onClose }: { anntId: string | null; onClose: () => void }) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!anntId) return;
    const abort = new AbortController();
    // Reading and marking read go together: the mark does not wait for the body.
    void markNoticeRead(anntId);
    fetchNoticeDetail(anntId, abort.signal)
      .then((answer) => setLoaded(answer.ok ? { id: anntId, notice: answer.notice } : { id: anntId, error: answer.message }))
      .catch(() => undefined);
    return () => abort.abort();
  }, [anntId]);

  const current = loaded && loaded.id === anntId ? loaded : null;
  const notice = current && "notice" in current ? current.notice : null;
  const html = useMemo(() => (notice ? sanitizeNoticeHtml(notice.msgContent) : ""), [notice]);
  const target = notice?.openType === "url" ? resolveOpenPage(notice.openPage) : null;

  const handle = () => {
    if (!target) return;
    onClose();
    if (target.kind === "internal") void navigate(target.path);
    else window.open(target.url, "_blank", "noopener,noreferrer");
  };

  return (
    <Modal
      open={anntId !== null}
      title="通知消息"
      width="60%"
      centered
      destroyOnHidden
      onCancel={onClose}
      styles={{ body: { maxHeight: "80vh", overflowY: "auto" } }}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        target ? (
          <Button key="handle" type="primary" onClick={handle}>
            去处理
          </Button>
        ) : null,
      ]}
    >
      {current === null ? (
        <Skeleton active />
      ) : "error" in current ? (
        <Alert type="warning" showIcon title={current.error} />
      ) : (
        <article className="notice-detail" data-testid="notice-detail">
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {current.notice.titile}
          </Typography.Title>
          <Typography.Text type="secondary">
            发布人：{current.notice.senderName} 发布时间：{current.notice.sendTime}
          </Typography.Text>
          <Divider />
          {/* Sanitised above with DOMPurify: no scripts, handlers or javascript: URLs. */}
          <div className="notice-detail__content" dangerouslySetInnerHTML={{ __html: html }} />
          {current.notice.openType === "component" ? (
            <>
              <Divider />
              <NoticeBusinessComponent name={current.notice.openPage} busId={current.notice.busId} onDone={onClose} />
            </>
          ) : null}
        </article>
      )}
    </Modal>
  );
}
