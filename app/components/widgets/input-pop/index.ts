// Input pop-up textarea: a one-line input opening a 200×150 textarea (300×210 in cells) (docs/spec/widgets.md §9).
export { InputPop, type InputPopProps } from "./input-pop";
export { INPUT_POP_SIZE, inputPopPreview, inputPopSize } from "./input-pop-logic";
