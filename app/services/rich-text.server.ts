// The server's cleaning of rich-text HTML before it is saved: one cleaner, shared with the
// backend's announcement page (contract/rich-text.ts).
export { cleanRichText } from "#contract/rich-text";
