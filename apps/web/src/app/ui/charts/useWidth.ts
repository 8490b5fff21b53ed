import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * The width of `element`, following it as the window or the layout changes: the charts draw at
 * their container's width, so a phone gets fewer labels rather than a shrunken picture.
 */
export function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = element.current;
    if (!node) return;
    setWidth(node.clientWidth);
    // Absent in old browsers and some test environments: the first width then stays.
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
