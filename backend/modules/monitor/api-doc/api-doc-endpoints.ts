// GET /v3/api-docs: the generated OpenAPI document (./openapi.ts), built once per process from the
// registered endpoints. Signed-in users only: staff browse it on the 接口文档 page.
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi";

export const API_DOC_PATH = "/v3/api-docs";
const DOCUMENT_VERSION = "1.0.0";

export function apiDocEndpoints(registered: () => readonly Endpoint[]): Endpoint[] {
  let document: OpenApiDocument | null = null;
  return [
    endpoint(
      "GET",
      API_DOC_PATH,
      "user",
      async ({ req }) => {
        // Answered as the document itself (not in the envelope), as springdoc's /v3/api-docs.
        document ??= buildOpenApiDocument(registered(), { version: DOCUMENT_VERSION, serverUrl: req.baseUrl || "/" });
        return document as unknown as unknown[];
      },
      { doc: { summary: "接口文档（OpenAPI 3.1）" } },
    ),
  ];
}
