import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { browserLanguage, loadTranslator } from "./i18n";
import { PayApp } from "./PayApp";
import "./pay.css";

async function start() {
  const lang = browserLanguage();
  document.documentElement.lang = lang;
  const t = await loadTranslator(lang);
  const container = document.getElementById("pay-root");
  if (!container) throw new Error("#pay-root missing");
  createRoot(container).render(
    <StrictMode>
      <PayApp t={t} path={window.location.pathname} />
    </StrictMode>,
  );
}

void start();
