// The tag cell (docs/spec/widgets.md §4 "Tag cell"): the value is items of 2 characters separated by
// semicolons; semicolons the user types are stripped before the text is cut into items.

export const TAG_ITEM_LENGTH = 2;
export const TAG_SEPARATOR = ";";

/** The text as typed, without semicolons. */
export function tagText(value: string): string {
  return value.split(TAG_SEPARATOR).join("");
}

/** The items of a value: its text (semicolons stripped) cut every 2 characters (code points). */
export function tagItems(value: string): string[] {
  const characters = Array.from(tagText(value));
  const items: string[] = [];
  for (let index = 0; index < characters.length; index += TAG_ITEM_LENGTH) items.push(characters.slice(index, index + TAG_ITEM_LENGTH).join(""));
  return items;
}

/** The stored value of typed text: its items joined by semicolons. */
export function tagValue(typed: string): string {
  return tagItems(typed).join(TAG_SEPARATOR);
}
