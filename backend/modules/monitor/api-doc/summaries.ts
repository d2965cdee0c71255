// What 接口文档 says of an endpoint (issue #30 item 5): every endpoint gives `doc.summary`, a Chinese
// sentence saying what it does, beside its definition; the CRUD engine's endpoints name their module
// (backend/crud/summary.ts). tests/unit/api-doc-summaries.test.ts refuses an endpoint without one.

/** What the document says of an endpoint that gives no summary (the unit test refuses it). */
export const NO_SUMMARY = "暂无说明";
