import { useTranslation } from "react-i18next";

/**
 * A thin bar over the top bar while the server holds the demo's data (its logins and password are
 * published, its sandbox moves no money): nobody should take this install for a real one.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <div className="demo-banner" role="note" data-testid="demo-banner">
      {t("layout.demoBanner")}
    </div>
  );
}
