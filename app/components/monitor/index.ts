// 系统监控 pages' shared pieces: figure formatting of 性能监控 and the OpenAPI browse model of 接口文档.
export { formatBytes, formatDuration, percentOf, statusColor } from "./figures";
export { filterApiDoc, toApiDoc, type ApiDoc, type DocGroup, type DocOperation, type SchemaRow } from "./api-doc";
