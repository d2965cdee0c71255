export { DictMultiSelect, DictRadio, DictSelect, DictSwitch } from "./dict-select";
export type { DictMultiSelectProps, DictRadioProps, DictSelectProps, DictSourceProps, DictSwitchProps } from "./dict-select";
export { DICT_CODE_EMPTY, optionText, type DictOption } from "./dict-options";
export { dictCache, useDictOptions } from "./dict-store";
