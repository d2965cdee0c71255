// `npm run personal-data:rotate`: re-encrypts every stored personal value (passport numbers,
// phones, e-mails: docs/decisions/119) under the current key of PERSONAL_DATA_KEYS, in batches of
// ROTATE_BATCH rows (default 1000), each one statement that leaves a row changed meanwhile to the
// next pass. To rotate: put the new key first (`new:secret2,old:secret1`), restart the backends,
// run this, then drop the old key from the list. Uses the server's database settings
// (DATABASE_URL, or the PGlite folder DATA_DIR; stop the server first on PGlite).
import { openDatabase } from "../backend/db/client";
import { backendOptionsFromEnv } from "../backend/options";
import { readBackendConfig } from "../backend/config";
import { rotatePersonalData } from "../backend/crud/encrypted-rotation";

const options = backendOptionsFromEnv();
const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
try {
  const config = readBackendConfig();
  const outcome = await rotatePersonalData(db, {
    keys: config.personalDataKeys,
    hashKey: config.personalDataHashKey,
    batchSize: Number(process.env.ROTATE_BATCH) > 0 ? Number(process.env.ROTATE_BATCH) : undefined,
    onBatch: (table, rows) => console.log(`${table}: ${rows} rows re-encrypted`),
  });
  console.log(`Re-encrypted under the key "${outcome.keyId}": ${JSON.stringify(outcome.written)}.`);
  const left = Object.entries(outcome.left).filter(([, count]) => count > 0);
  if (left.length > 0) {
    console.error(`Rows still under another key (changed during the run): ${JSON.stringify(Object.fromEntries(left))}. Run it again.`);
    process.exitCode = 1;
  } else {
    console.log("Every value is under the current key: older keys may now be removed from PERSONAL_DATA_KEYS.");
  }
} finally {
  await db.close();
}
