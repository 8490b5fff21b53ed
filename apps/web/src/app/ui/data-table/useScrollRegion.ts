import { type RefObject, useEffect } from "react";

/**
 * A wide table scrolls sideways inside the table component's own container. Keyboard users can
 * scroll it only if it takes focus, and screen readers name it by the table's title (WCAG 2.1.1;
 * axe "scrollable-region-focusable"). The container is the library's, so it is marked after render.
 */
export function useScrollRegion(ref: RefObject<HTMLElement | null>, label: string): void {
  useEffect(() => {
    const scroller = ref.current?.querySelector<HTMLElement>(".ant-table-content, .ant-table-body");
    if (!scroller) return;
    scroller.tabIndex = 0;
    scroller.setAttribute("role", "region");
    scroller.setAttribute("aria-label", label);
  });
}
