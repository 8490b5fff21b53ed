import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "./app/i18n";
import { Root } from "./app/Root";
import { screenOf } from "./app/router/screens";
import { sessionStore } from "./app/session/store";
import { applyPaletteVariables } from "./app/theme/palette";
import { signInScreen } from "./features/auth/feature";
import "./styles.css";

/** The sign-in page, known from the start: the other features' screens load with the first other page. */
const signIn = screenOf(signInScreen);
// Signed out, the sign-in page is what shows: it loads beside the catalogue, not after it.
if (!sessionStore.get().user) void signInScreen.load().catch(() => undefined);

async function start() {
  applyPaletteVariables(document.documentElement);
  await initI18n();
  const container = document.getElementById("root");
  if (!container) throw new Error("#root missing");
  const root = createRoot(container);
  // A transition renders in slices that give the main thread back every few milliseconds.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root signIn={signIn} />
      </StrictMode>,
    ),
  );
}

void start();
