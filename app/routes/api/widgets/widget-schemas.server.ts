// Wire shapes the widget routes read from the backend (api-contract.md §7), parsed loosely: the
// pure normalisers of each widget folder turn them into what the browser gets.
import { z } from "zod";

const scalar = z.union([z.string(), z.number(), z.boolean()]).nullish();

/** `DictModel` {value, text, title}; label and disabled are accepted too (docs/spec/widgets.md §3). */
export const dictItemsSchema = z
  .array(z.object({ value: scalar, text: scalar, label: scalar, title: scalar, disabled: scalar }).passthrough())
  .nullish()
  .transform((items) => items ?? []);

/** `loadDictItem` → the texts of the keys, in order. */
export const dictTextsSchema = z
  .array(z.union([z.string(), z.number()]).nullish())
  .nullish()
  .transform((texts) => (texts ?? []).map((text) => (text === null || text === undefined ? "" : String(text))));

/** Tree nodes of `loadTreeData`, category trees and the department tree (children nested). */
export interface RawTreeNodeWire {
  [key: string]: unknown;
  children?: RawTreeNodeWire[] | null;
}
export const treeNodesSchema: z.ZodType<RawTreeNodeWire[]> = z
  .array(z.record(z.string(), z.unknown()))
  .nullish()
  .transform((nodes) => (nodes ?? []) as RawTreeNodeWire[]);

/** A record of a picker list: kept as sent; the browser reads the columns it shows. */
export const pickerRecordSchema = z.record(z.string(), z.unknown());
