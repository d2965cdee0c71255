// A test call's answer, read the one way the test clients read it (tests/support/backend.ts,
// vue3-client.ts, the 3.3 client of jeecg-client-compat.test.ts). No imports: unit tests use it too.

/** Status, the body as text, and as JSON when it is JSON (else null). */
export async function readAnswer(response: Response): Promise<{ status: number; json: any; text: string }> {
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, json, text };
}
