import { i18next } from "../i18n";

/**
 * The loading state shown while a page or the console frame loads; plain CSS, no library. Named
 * for screen readers ("Loading…" in the interface language; English before the catalogue is in).
 */
export function PageSpinner({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div
      className={fullscreen ? "page-spinner page-spinner-full" : "page-spinner"}
      role="progressbar"
      aria-busy="true"
      aria-label={i18next.t("app.loading", { defaultValue: "Loading…" })}
    >
      <span className="page-spinner-dot" />
    </div>
  );
}
