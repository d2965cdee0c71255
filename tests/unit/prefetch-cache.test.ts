import { describe, expect, it } from "vitest";
import { keepPrefetchedData, PREFETCHED_DATA_SECONDS } from "../../server/react-router-handler";

const request = (path: string, headers: Record<string, string> = {}, method = "GET") => new Request(`http://x${path}`, { method, headers });
const answer = (status = 200, headers: Record<string, string> = {}) => new Response("[]", { status, headers });

describe("prefetched page data", () => {
  it("lets a prefetched .data answer serve the click that follows, privately and briefly", () => {
    const response = answer();
    keepPrefetchedData(request("/isystem/user.data", { "Sec-Purpose": "prefetch" }), response);
    expect(response.headers.get("Cache-Control")).toBe(`private, max-age=${PREFETCHED_DATA_SECONDS}`);
    expect(response.headers.get("Vary")).toContain("Cookie");
    const legacy = answer();
    keepPrefetchedData(request("/isystem/user.data?_routes=a", { Purpose: "prefetch" }), legacy);
    expect(legacy.headers.get("Cache-Control")).toBe(`private, max-age=${PREFETCHED_DATA_SECONDS}`);
  });

  it("leaves every other answer uncached", () => {
    const cases: Array<[Request, Response]> = [
      [request("/isystem/user.data"), answer()],
      [request("/isystem/user", { "Sec-Purpose": "prefetch" }), answer()],
      [request("/isystem/user.data", { "Sec-Purpose": "prefetch" }), answer(404)],
      [request("/isystem/user.data", { "Sec-Purpose": "prefetch" }, "POST"), answer()],
    ];
    for (const [incoming, response] of cases) {
      keepPrefetchedData(incoming, response);
      expect(response.headers.get("Cache-Control")).toBeNull();
    }
    const own = answer(200, { "Cache-Control": "no-store" });
    keepPrefetchedData(request("/a.data", { "Sec-Purpose": "prefetch" }), own);
    expect(own.headers.get("Cache-Control")).toBe("no-store");
  });
});
