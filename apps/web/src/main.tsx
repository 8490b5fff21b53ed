import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "./app/i18n";
import { Root } from "./app/Root";
import "./styles.css";

async function start() {
  await initI18n();
  const container = document.getElementById("root");
  if (!container) throw new Error("#root missing");
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void start();
