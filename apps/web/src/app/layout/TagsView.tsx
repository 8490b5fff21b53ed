import { CloseOutlined, DownOutlined } from "@ant-design/icons";
import type { RouteMeta } from "@washboard/shared";
import { Button, Dropdown, type MenuProps } from "antd";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { tagsStore, useTags } from "./tags-store";

/** The strip of visited pages with close current / others / all and locate (spec §2). */
export function TagsView({ route, onRefresh }: { route: RouteMeta; onRefresh: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tags = useTags();
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => tagsStore.visit(route), [route]);

  const locateTag = useCallback((path: string) => {
    strip.current?.querySelector(`[data-path="${path}"]`)?.scrollIntoView({ inline: "center", block: "nearest" });
  }, []);
  const locate = () => locateTag(route.path);
  useEffect(() => locateTag(route.path), [route.path, locateTag]);

  const closeTag = (path: string) => {
    const next = tagsStore.close(path);
    if (path === route.path && next) navigate(next);
  };

  const actions: MenuProps["items"] = [
    { key: "refresh", label: t("tags.refresh") },
    { key: "close", label: t("tags.close"), disabled: Boolean(route.affix) },
    { key: "closeOthers", label: t("tags.closeOthers") },
    { key: "closeAll", label: t("tags.closeAll") },
    { key: "locate", label: t("tags.locate") },
  ];
  const onAction: MenuProps["onClick"] = ({ key }) => {
    if (key === "refresh") onRefresh();
    if (key === "close") closeTag(route.path);
    if (key === "closeOthers") tagsStore.closeOthers(route.path);
    if (key === "closeAll") navigate(tagsStore.closeAll());
    if (key === "locate") locate();
  };

  return (
    <div className="tags-view" data-testid="tags-view">
      <div className="tags-strip" ref={strip}>
        {tags.map((tag) => (
          <Dropdown
            key={tag.path}
            trigger={["contextMenu"]}
            menu={{
              items: actions,
              onClick: (info) => {
                if (tag.path !== route.path) navigate(tag.path);
                if (info.key === "close") closeTag(tag.path);
                else if (info.key === "closeOthers") tagsStore.closeOthers(tag.path);
                else onAction(info);
              },
            }}
          >
            <Link className={`tag ${tag.path === route.path ? "tag-active" : ""}`} data-path={tag.path} to={tag.path}>
              {t(tag.titleKey)}
              {!tag.affix && (
                <CloseOutlined
                  className="tag-close"
                  aria-label={t("tags.close")}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    closeTag(tag.path);
                  }}
                />
              )}
            </Link>
          </Dropdown>
        ))}
      </div>
      <Dropdown menu={{ items: actions, onClick: onAction }} trigger={["click"]}>
        <Button size="small" type="text" data-testid="tags-actions">
          <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
