import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "./app/i18n";
import { Root } from "./app/Root";
import { applyPaletteVariables } from "./app/theme/palette";
import "./styles.css";

async function start() {
  applyPaletteVariables(document.documentElement);
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
