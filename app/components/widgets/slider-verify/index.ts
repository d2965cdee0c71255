// Drag-to-verify slider: to the end verifies (验证通过), anywhere else snaps back (docs/spec/widgets.md §2, §4).
export { SliderVerify, type SliderVerifyProps } from "./slider-verify";
export { dragOffset, maxOffset, release, SLIDER_TEXT } from "./slider-logic";
