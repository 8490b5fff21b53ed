import type { Locale } from "antd/es/locale";
import { lazy, type ReactNode, Suspense } from "react";
import { loadConsoleCatalogue, storedLanguage } from "./i18n";
import { PageSpinner } from "./ui/PageSpinner";

type Library = [typeof import("./ConsoleProviders"), Locale];
let library: Promise<Library> | undefined;

/** The component library with its theme, and its locale in the stored language; a failed load is tried again. */
function loadLibrary(): Promise<Library> {
  library ??= Promise.all([
    import("./ConsoleProviders"),
    import("./i18n/locale-packs").then(({ loadLocalePack }) => loadLocalePack(storedLanguage())),
  ]).catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

const Providers = lazy(async () => {
  const [[{ ConsoleProviders }, locale]] = await Promise.all([loadLibrary(), loadConsoleCatalogue()]);
  return {
    default: ({ children }: { children: ReactNode }) => (
      <ConsoleProviders initialLocale={locale}>{children}</ConsoleProviders>
    ),
  };
});

/**
 * Starts loading the component library before the first screen built with it asks (a signed-in
 * reload). The frame's words load with the boot calls, once the catalogue is set up.
 */
export function preloadConsole(): void {
  void loadLibrary().catch(() => undefined);
}

/** Wraps anything built with the component library; the library loads with the first such screen. */
export function LazyConsole({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner fullscreen />}>
      <Providers>{children}</Providers>
    </Suspense>
  );
}
