/**
 * Which announcements this browser has shown: each is shown once per browser, kept in local
 * storage. A browser that keeps nothing (private windows, storage switched off) still shows each
 * once per page, from memory.
 */
export const SEEN_KEY = "washboard.pay.announcements.seen";

/** The ids kept: the newest; an older announcement has long ended. */
const KEPT = 100;

export interface SeenAnnouncements {
  has(id: number): boolean;
  add(id: number): void;
}

/** The page's local storage, or undefined where reading it throws. */
function pageStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function read(storage: Storage | undefined): number[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SEEN_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function seenAnnouncements(storage: Storage | undefined = pageStorage()): SeenAnnouncements {
  const ids = new Set(read(storage));
  return {
    has: (id) => ids.has(id) || read(storage).includes(id),
    add: (id) => {
      ids.add(id);
      const kept = [...new Set([...read(storage), id])].slice(-KEPT);
      try {
        storage?.setItem(SEEN_KEY, JSON.stringify(kept));
      } catch {
        // Full or refused: the memory above still keeps it for this page.
      }
    },
  };
}
