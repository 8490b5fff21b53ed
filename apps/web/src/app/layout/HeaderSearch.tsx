import { SearchOutlined } from "@ant-design/icons";
import { HEADER_SEARCH, type RouteMeta } from "@washboard/shared";
import type Fuse from "fuse.js";
import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

interface Hit {
  path: string;
  title: string;
  /** The menu section the page sits in: two pages of like names (reports) read apart by it. */
  section: string;
}

/** The most results the list shows; the best matches come first. */
const MAX_HITS = 8;

/**
 * Spec §2: jump to any visible route by fuzzy search over title (weight 0.7) and path (0.3). A plain
 * combobox: the fuzzy matcher loads when the box is first focused, so the frame carries neither it
 * nor a select component.
 */
export function HeaderSearch({ routes }: { routes: RouteMeta[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const [FuseClass, setFuseClass] = useState<typeof Fuse | null>(null);

  const loadMatcher = () => {
    if (!FuseClass) void import("fuse.js").then((m) => setFuseClass(() => m.default));
  };

  const fuse = useMemo(
    () =>
      FuseClass &&
      new FuseClass<Hit>(
        routes.map((r) => ({ path: r.path, title: t(r.titleKey), section: r.group ? t(`menu.${r.group}`) : "" })),
        {
          threshold: HEADER_SEARCH.threshold,
          keys: [
            { name: "title", weight: HEADER_SEARCH.titleWeight },
            { name: "path", weight: HEADER_SEARCH.pathWeight },
          ],
        },
      ),
    [FuseClass, routes, t],
  );
  const hits: Hit[] = query && fuse ? fuse.search(query, { limit: MAX_HITS }).map(({ item }) => item) : [];

  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    setQuery("");
    setOpen(false);
    navigate(hit.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") setActive((i) => Math.min(i + 1, hits.length - 1));
    else if (event.key === "ArrowUp") setActive((i) => Math.max(i - 1, 0));
    else if (event.key === "Enter") go(hits[active]);
    else if (event.key === "Escape") setOpen(false);
    else return;
    event.preventDefault();
  };

  const expanded = open && hits.length > 0;
  return (
    <div className="header-search" data-testid="header-search">
      <SearchOutlined className="header-search-icon" aria-hidden />
      <input
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
        aria-label={t("layout.searchPlaceholder")}
        placeholder={t("layout.searchPlaceholder")}
        value={query}
        onFocus={() => {
          loadMatcher();
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {expanded && (
        <div className="header-search-list" id={listId} role="listbox">
          {hits.map((hit, index) => (
            <div
              key={hit.path}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                go(hit);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span className="header-search-title">{hit.title}</span>
              {hit.section && <span className="header-search-section">{hit.section}</span>}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
