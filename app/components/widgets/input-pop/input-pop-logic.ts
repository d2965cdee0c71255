// The input pop-up textarea (JInputPop, docs/spec/widgets.md §9): 200×150 as a field, 300×210 in a grid cell.

export const INPUT_POP_SIZE = { field: { width: 200, height: 150 }, cell: { width: 300, height: 210 } } as const;

export function inputPopSize(inCell: boolean): { width: number; height: number } {
  return inCell ? INPUT_POP_SIZE.cell : INPUT_POP_SIZE.field;
}

/** The one-line preview of a multi-line value in the input. */
export function inputPopPreview(value: string): string {
  return value.replace(/\r?\n/g, " ");
}
