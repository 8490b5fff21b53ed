import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import "./tools.css";

/** The public tools' page: a banner back to the tools and the console, then the tool, phone-width first. */
export function ToolsFrame(props: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="tools-page">
      <header className="tools-banner">
        <Link to="/open/tools/index">{t("tools.title")}</Link> · <span>{props.title}</span>
      </header>
      <main className="tools-body">
        <h1 className="tools-heading">{props.title}</h1>
        {props.children}
      </main>
    </div>
  );
}
