// The key rotation of personal data (docs/decisions/119), shared by `npm run personal-data:rotate`
// and its tests: check the keys against the database, re-encrypt every value not under the
// current key in every registered table (the school modules, sys_user, the online forms' 敏感
// fields; passes until none is left or a pass changes nothing), and count what is left.
import type { Database } from "../db/client";
// The module definitions with encrypted fields register their tables when their endpoints load.
import "../endpoints";
import { parseKeyring, type PersonalDataKeySettings } from "../security/personal-data";
import { checkKeys, encryptStoredValues, loadEncryptedEntities, valuesNotUnderCurrentKey } from "./encrypted";

export interface RotationOutcome {
  keyId: string;
  written: Record<string, number>;
  left: Record<string, number>;
}

export async function rotatePersonalData(
  db: Database,
  settings: PersonalDataKeySettings & { batchSize?: number; onBatch?(table: string, rows: number): void },
): Promise<RotationOutcome> {
  const ring = parseKeyring(settings);
  await checkKeys(db, ring);
  // 用户管理's phones and e-mails, the school modules' and the online forms' 敏感 fields.
  await loadEncryptedEntities(db);
  const written: Record<string, number> = {};
  for (let pass = 0; pass < 5; pass++) {
    const done = await encryptStoredValues(db, { mode: "rotate", ring, batchSize: settings.batchSize, onBatch: settings.onBatch });
    let changed = 0;
    for (const [table, rows] of Object.entries(done)) {
      written[table] = (written[table] ?? 0) + rows;
      changed += rows;
    }
    if (changed === 0) break;
  }
  return { keyId: ring.current.id, written, left: await valuesNotUnderCurrentKey(db, ring) };
}
