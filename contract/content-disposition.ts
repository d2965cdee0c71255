// The Content-Disposition of a download (RFC 6266 / RFC 5987 `filename*=UTF-8''…`: Chinese names
// survive every browser), shared by the backend's downloads and the web app's stored-file route.
export function contentDisposition(fileName: string, kind: "attachment" | "inline" = "attachment"): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename*=UTF-8''${encoded}`;
}
