import type { RouteMeta } from "@washboard/shared";
import { Breadcrumb } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * Above every page: the breadcrumb (spec §2) and the page's one h1, its title. They have a row of
 * their own, so the top bar's tools never squeeze the title out of sight.
 */
export function PageHeading({ route }: { route: RouteMeta }) {
  const { t } = useTranslation();
  const title = t(route.titleKey);
  return (
    <div className="page-heading">
      <Breadcrumb
        className="breadcrumb"
        items={[
          { title: <Link to="/">{t("layout.home")}</Link> },
          ...(route.group ? [{ title: t(`menu.${route.group}`) }] : []),
          { title },
        ]}
      />
      <h1 className="page-title">{title}</h1>
    </div>
  );
}
