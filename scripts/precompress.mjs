// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of build/client at
// build time, at the highest levels: the server then sends them as they are instead of
// compressing the same 1 MB stylesheet again on every request (server/precompressed.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|map)$/;
const MIN_BYTES = 1024;

function* files(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(root)) {
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
  raw += bytes.length;
  brotli += br.length;
}
console.log(`[build] precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`);
