import { type PayAnnouncement, type ShownSkin, shownSkin } from "@washboard/shared";
import { useEffect, useRef, useState } from "react";
import { type SeenAnnouncements, seenAnnouncements } from "./seen";

export interface Showing {
  announcement: PayAnnouncement;
  /** The skin of this showing: a random one is picked once, when it is shown. */
  skin: ShownSkin;
}

/** The newest announcement this browser has not shown yet. */
export function nextAnnouncement(
  announcements: readonly PayAnnouncement[],
  seen: SeenAnnouncements,
): PayAnnouncement | undefined {
  return announcements.find((announcement) => !seen.has(announcement.id));
}

/**
 * The popup of one visit to a pay page: when the page's first answer arrives, the newest of its
 * announcements this browser has not shown (marked shown there and then, so a reload never shows
 * it again); an older one waits for a later visit. At most one popup a visit: a customer came to
 * pay, not to read.
 */
export function useAnnouncementPopup(announcements: readonly PayAnnouncement[] | undefined) {
  const [showing, setShowing] = useState<Showing | null>(null);
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || announcements === undefined) return;
    decided.current = true;
    const seen = seenAnnouncements();
    const next = nextAnnouncement(announcements, seen);
    if (!next) return;
    seen.add(next.id);
    setShowing({ announcement: next, skin: shownSkin(next.skin) });
  }, [announcements]);
  return { showing, dismiss: () => setShowing(null) };
}
