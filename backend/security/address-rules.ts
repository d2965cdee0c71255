// 访问控制 (issue #34 item 4, docs/decisions/134): which client addresses may use the product.
// Per scope (the platform, or one tenant): the block list wins; a scope with at least one enabled
// allow entry admits only the addresses on it; a scope without rules admits everyone. A request is
// admitted when the platform scope admits it and, in a tenant, that tenant's scope does too.
// The check runs on every request: rules are parsed once into node:net BlockLists and verdicts of
// recent (address, tenant) pairs are remembered until the rules change.
import { BlockList, isIP } from "node:net";
import { eq } from "drizzle-orm";
import { ACCESS_RULE_TYPES, PLATFORM_SCOPE } from "#contract/modules/access-rule";
import type { Database } from "../db/client";
import { sysAccessRule } from "../db/schema";

export interface AddressRule {
  tenantId: number;
  ruleType: string;
  address: string;
}

export interface ParsedNetwork {
  network: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/**
 * `192.168.1.10`, `10.0.0.0/8`, `2001:db8::/32`, `::1` → the network and its prefix length (a single
 * address is a /32 or /128); null when it is neither. IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is read
 * as the IPv4 address it carries.
 */
export function parseNetwork(text: string): ParsedNetwork | null {
  const [rawAddress = "", rawPrefix, extra] = text.trim().split("/");
  if (extra !== undefined) return null;
  const address = unmapped(rawAddress);
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  const longest = version === 4 ? 32 : 128;
  if (rawPrefix === undefined) return { network: address, prefix: longest, family };
  if (!/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = Number(rawPrefix);
  return prefix <= longest ? { network: address, prefix, family } : null;
}

/** A client address as compared: IPv4-mapped IPv6 (`::ffff:1.2.3.4`, as Node reports it) as IPv4. */
export function normalAddress(address: string | null | undefined): { address: string; family: "ipv4" | "ipv6" } | null {
  if (!address) return null;
  const plain = unmapped(address.trim());
  const version = isIP(plain);
  return version === 0 ? null : { address: plain, family: version === 4 ? "ipv4" : "ipv6" };
}

function unmapped(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** One scope's lists, parsed. */
interface ScopeLists {
  block: BlockList;
  /** Null when the scope has no enabled allow entry (then it admits all that is not blocked). */
  allow: BlockList | null;
}

function scopeAdmits(scope: ScopeLists | undefined, client: ReturnType<typeof normalAddress>): boolean {
  if (!scope) return true;
  // An address we cannot read matches no block entry and no allow entry.
  if (!client) return scope.allow === null;
  if (scope.block.check(client.address, client.family)) return false;
  return scope.allow === null || scope.allow.check(client.address, client.family);
}

/** The enabled rules of every scope, parsed once. */
export class AddressRuleSet {
  private readonly scopes = new Map<number, ScopeLists>();

  constructor(rules: readonly AddressRule[]) {
    for (const rule of rules) {
      const parsed = parseNetwork(rule.address);
      if (!parsed) continue; // saved rules are checked; a hand-edited bad row is ignored
      let scope = this.scopes.get(rule.tenantId);
      if (!scope) {
        scope = { block: new BlockList(), allow: null };
        this.scopes.set(rule.tenantId, scope);
      }
      const list = rule.ruleType === ACCESS_RULE_TYPES.block ? scope.block : (scope.allow ??= new BlockList());
      list.addSubnet(parsed.network, parsed.prefix, parsed.family);
    }
  }

  get empty(): boolean {
    return this.scopes.size === 0;
  }

  /** Whether the platform's rules admit `address`. */
  platformAdmits(address: string | null): boolean {
    return scopeAdmits(this.scopes.get(PLATFORM_SCOPE), normalAddress(address));
  }

  /** Whether tenant `tenantId`'s own rules admit `address` (the platform's are asked apart). */
  tenantAdmits(address: string | null, tenantId: number): boolean {
    if (tenantId === PLATFORM_SCOPE) return true;
    return scopeAdmits(this.scopes.get(tenantId), normalAddress(address));
  }

  /** The platform's rules and, when `tenantId` is a tenant, its rules. */
  admits(address: string | null, tenantId: number): boolean {
    return this.platformAdmits(address) && this.tenantAdmits(address, tenantId);
  }
}

/** The enabled rules as stored (a transaction's view when `db` is one). */
export async function enabledAddressRules(db: Pick<Database, "orm">): Promise<AddressRule[]> {
  return db.orm
    .select({ tenantId: sysAccessRule.tenantId, ruleType: sysAccessRule.ruleType, address: sysAccessRule.address })
    .from(sysAccessRule)
    .where(eq(sysAccessRule.status, 1));
}

/** After this long a backend instance reads the rules again (changes made through another instance). */
const RULES_MAX_AGE_MS = 30_000;
/** Remembered verdicts at most; the memory is cleared when full or when the rules change. */
const VERDICTS_LIMIT = 10_000;

/**
 * The rules in memory for the request pipeline: loaded at the first check, reloaded at once after
 * a change through this instance (`reload`) and at most RULES_MAX_AGE_MS after one through another.
 */
export class AddressRuleService {
  private rules: AddressRuleSet | null = null;
  private loadedAt = 0;
  private loading: Promise<AddressRuleSet> | null = null;
  private verdicts = new Map<string, boolean>();

  constructor(private readonly db: Database) {}

  /** The current rules; waits only for the very first load. */
  async current(): Promise<AddressRuleSet> {
    if (this.rules) {
      if (Date.now() - this.loadedAt > RULES_MAX_AGE_MS && !this.loading) void this.reload().catch(() => undefined);
      return this.rules;
    }
    return this.loading ?? this.reload();
  }

  /** Reads the rules again (after a change). */
  reload(): Promise<AddressRuleSet> {
    const loading = enabledAddressRules(this.db).then((rows) => {
      const rules = new AddressRuleSet(rows);
      if (this.loading === loading) {
        this.rules = rules;
        this.loadedAt = Date.now();
        this.verdicts = new Map();
        this.loading = null;
      }
      return rules;
    });
    this.loading = loading;
    loading.catch(() => {
      if (this.loading === loading) this.loading = null;
    });
    return loading;
  }

  /** Whether `address` may make a request in `tenantId` (0: none chosen, platform rules only). */
  async admits(address: string | null, tenantId: number): Promise<boolean> {
    const rules = await this.current();
    if (rules.empty) return true;
    const key = `${tenantId}\u0000${address ?? ""}`;
    const known = this.verdicts.get(key);
    if (known !== undefined) return known;
    const verdict = rules.admits(address, tenantId);
    if (this.verdicts.size >= VERDICTS_LIMIT) this.verdicts.clear();
    this.verdicts.set(key, verdict);
    return verdict;
  }
}
