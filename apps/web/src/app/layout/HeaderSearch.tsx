import { SearchOutlined } from "@ant-design/icons";
import { HEADER_SEARCH, type RouteMeta } from "@washboard/shared";
import { Select } from "antd";
import Fuse from "fuse.js";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/** Spec §2: jump to any visible route by fuzzy search over title (weight 0.7) and path (0.3). */
export function HeaderSearch({ routes }: { routes: RouteMeta[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const fuse = useMemo(
    () =>
      new Fuse(
        routes.map((r) => ({ path: r.path, title: t(r.titleKey) })),
        {
          threshold: HEADER_SEARCH.threshold,
          keys: [
            { name: "title", weight: HEADER_SEARCH.titleWeight },
            { name: "path", weight: HEADER_SEARCH.pathWeight },
          ],
        },
      ),
    [routes, t],
  );
  const options = query ? fuse.search(query).map(({ item }) => ({ value: item.path, label: item.title })) : [];
  return (
    <Select
      className="header-search"
      data-testid="header-search"
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={
        <span>
          <SearchOutlined /> {t("layout.searchPlaceholder")}
        </span>
      }
      options={options}
      notFoundContent={null}
      onChange={(path: string) => {
        setQuery("");
        navigate(path);
      }}
      style={{ width: 200 }}
      aria-label={t("layout.searchPlaceholder")}
    />
  );
}
