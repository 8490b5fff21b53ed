import type { NoticeItem } from "@washboard/shared";

/**
 * The notices to mark read when the list's open panels change from `before` to `after`: those just
 * opened that the account has not read yet (closing one, or opening a read one, marks nothing).
 */
export function newlyOpenedUnread(
  before: readonly string[],
  after: readonly string[],
  items: readonly Pick<NoticeItem, "id" | "read">[],
): number[] {
  const wasOpen = new Set(before);
  const unread = new Set(items.filter((item) => !item.read).map((item) => String(item.id)));
  return after.filter((key) => !wasOpen.has(key) && unread.has(key)).map(Number);
}
