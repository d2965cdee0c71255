// The tag cell: shows the value's 2-character items as tags; editing types plain text (semicolons
// stripped) and stores the items joined by semicolons.
import { useState } from "react";
import { Flex, Input, Tag } from "antd";
import { tagItems, tagText, tagValue } from "./tag-logic";

export interface TagInputProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  name?: string;
  disabled?: boolean;
  placeholder?: string;
  "aria-label"?: string;
}

export function TagInput({ value = "", onChange, id, name, disabled, placeholder = "请输入", ...rest }: TagInputProps) {
  const [editing, setEditing] = useState(false);
  const items = tagItems(value);
  return (
    <>
      {editing ? (
        <Input
          id={id}
          autoFocus
          aria-label={rest["aria-label"]}
          placeholder={placeholder}
          value={tagText(value)}
          onChange={(event) => onChange?.(tagValue(event.target.value))}
          onBlur={() => setEditing(false)}
          onPressEnter={() => setEditing(false)}
        />
      ) : (
        <Flex
          id={id}
          role="button"
          tabIndex={disabled ? -1 : 0}
          // The accessible name holds the visible text too (axe label-content-name-mismatch).
          aria-label={[rest["aria-label"], items.length > 0 ? items.join(" ") : placeholder].filter(Boolean).join(" ")}
          wrap
          gap={4}
          className="tag-input"
          style={{ minHeight: 32, padding: "4px 11px", border: "1px solid #d9d9d9", borderRadius: 6, cursor: disabled ? "not-allowed" : "text" }}
          onClick={() => !disabled && setEditing(true)}
          onFocus={() => !disabled && setEditing(true)}
        >
          {items.length > 0 ? items.map((item, index) => <Tag key={`${index}-${item}`}>{item}</Tag>) : <span style={{ color: "#767676" }}>{placeholder}</span>}
        </Flex>
      )}
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  );
}
