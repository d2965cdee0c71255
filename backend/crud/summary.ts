// What 接口文档 (the OpenAPI document) says of a CRUD endpoint (issue #30 item 5): the module's name
// and the operation, in JeecgBoot's words (学生-分页列表查询), never the method and path again.

export function crudSummary(config: { title?: string }, operation: string): string {
  return config.title ? `${config.title}-${operation}` : operation;
}
