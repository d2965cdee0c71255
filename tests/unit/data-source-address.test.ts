// 数据源管理 (issue #27 item 3): when a stored password may go with a form's settings, and which
// addresses only a platform administrator may point a data source at.
import { describe, expect, it } from "vitest";
import { connectionAddress, sameConnection } from "#contract/modules/data-source";
import { internalAddress } from "../../backend/modules/system/data-source/data-source-endpoints";

describe("a data source's address", () => {
  const saved = { dbUrl: "jdbc:postgresql://db.school.example:5432/school", dbUsername: "reader" };

  it("reads host, port and database, and nothing else, from the address", () => {
    expect(connectionAddress("jdbc:postgresql://[::ffff:127.0.0.1]/x?host=elsewhere")).toEqual({ host: "::ffff:7f00:1", port: 5432, database: "x" });
    expect(connectionAddress("postgres://u:p@h:6432/d")).toEqual({ host: "h", port: 6432, database: "d" });
    expect(connectionAddress("jdbc:mysql://h/d")).toBeNull();
    expect(connectionAddress("jdbc:postgresql://h:5432/")).toBeNull();
  });

  it("keeps the stored password only for the same host, port, database and user", () => {
    expect(sameConnection(saved, { ...saved })).toBe(true);
    // The same place written otherwise: another scheme, the default port, the host's case, a parameter.
    expect(sameConnection(saved, { ...saved, dbUrl: "postgresql://DB.school.example/school?sslmode=require" })).toBe(true);
    for (const dbUrl of ["jdbc:postgresql://db2.school.example:5432/school", "jdbc:postgresql://db.school.example:5433/school", "jdbc:postgresql://db.school.example:5432/other", "not an address"])
      expect(sameConnection(saved, { ...saved, dbUrl }), dbUrl).toBe(false);
    expect(sameConnection(saved, { ...saved, dbUsername: "postgres" })).toBe(false);
  });

  it("tells loopback, link-local and unspecified addresses however they are written", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "169.254.169.254", "0.0.0.0", "::1", "::", "fe80::1", "febf::abcd", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:a9fe:a9fe", "::7f00:1"])
      expect(internalAddress(address), address).toBe(true);
    for (const address of ["192.0.2.10", "10.0.0.1", "8.8.8.8", "fec0::1", "2001:db8::1", "::ffff:c000:20a", "localhost"]) expect(internalAddress(address), address).toBe(false);
  });
});
