// "/" focuses the dashboard's search box from any page, unless the merchant is typing somewhere.

type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  /** The focused element's tag name and whether it is editable. */
  target: { tagName?: string; isContentEditable?: boolean } | null;
};

const TYPING_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

export function isSearchShortcut(press: KeyPress): boolean {
  if (press.key !== "/" || press.ctrlKey || press.metaKey || press.altKey || press.defaultPrevented)
    return false;
  const target = press.target;
  if (!target) return true;
  return !TYPING_TAGS.has(target.tagName?.toUpperCase() ?? "") && !target.isContentEditable;
}
