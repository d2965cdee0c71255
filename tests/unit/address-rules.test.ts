// 访问控制's rule logic (backend/security/address-rules.ts, docs/decisions/134): parsing addresses and
// networks, and which scope admits which address.
import { describe, expect, it } from "vitest";
import { AddressRuleSet, normalAddress, parseNetwork } from "../../backend/security/address-rules";

describe("address rules", () => {
  it("parses single addresses and CIDR networks of both families, and nothing else", () => {
    expect(parseNetwork("192.168.1.10")).toEqual({ network: "192.168.1.10", prefix: 32, family: "ipv4" });
    expect(parseNetwork(" 10.0.0.0/8 ")).toEqual({ network: "10.0.0.0", prefix: 8, family: "ipv4" });
    expect(parseNetwork("2001:db8::/32")).toEqual({ network: "2001:db8::", prefix: 32, family: "ipv6" });
    expect(parseNetwork("::1")).toEqual({ network: "::1", prefix: 128, family: "ipv6" });
    expect(parseNetwork("::ffff:10.1.2.3")).toEqual({ network: "10.1.2.3", prefix: 32, family: "ipv4" });
    for (const bad of ["", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/8/8", "10.0.0.0/x", "2001:db8::/129", "256.0.0.1", "example.com", "1.2.3"]) {
      expect(parseNetwork(bad), bad).toBeNull();
    }
    expect(normalAddress("::ffff:127.0.0.1")).toEqual({ address: "127.0.0.1", family: "ipv4" });
    expect(normalAddress("not an address")).toBeNull();
  });

  it("lets the block list win, and an allow list admit only what it lists", () => {
    const rules = new AddressRuleSet([
      { tenantId: 0, ruleType: "allow", address: "10.0.0.0/8" },
      { tenantId: 0, ruleType: "block", address: "10.9.0.0/16" },
    ]);
    expect(rules.platformAdmits("10.1.2.3")).toBe(true);
    expect(rules.platformAdmits("10.9.2.3")).toBe(false);
    expect(rules.platformAdmits("192.168.0.1")).toBe(false);
    expect(rules.platformAdmits(null)).toBe(false);
  });

  it("applies a tenant's rules in that tenant only, the platform's everywhere", () => {
    const rules = new AddressRuleSet([
      { tenantId: 0, ruleType: "block", address: "2001:db8::/32" },
      { tenantId: 1, ruleType: "allow", address: "192.168.0.0/16" },
    ]);
    expect(rules.admits("192.168.1.1", 1)).toBe(true);
    expect(rules.admits("172.16.0.1", 1)).toBe(false);
    expect(rules.admits("172.16.0.1", 2)).toBe(true);
    expect(rules.admits("2001:db8:1::1", 2)).toBe(false);
    expect(rules.admits("2001:db9::1", 0)).toBe(true);
    expect(new AddressRuleSet([]).empty).toBe(true);
  });
});
