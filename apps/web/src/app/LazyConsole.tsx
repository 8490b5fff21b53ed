import { lazy, type ReactNode, Suspense } from "react";
import { loadConsoleCatalogue, storedLanguage } from "./i18n";
import { PageSpinner } from "./ui/PageSpinner";

const Providers = lazy(async () => {
  const [{ ConsoleProviders }, { loadLocalePack }] = await Promise.all([
    import("./ConsoleProviders"),
    import("./i18n/locale-packs"),
    loadConsoleCatalogue(),
  ]);
  const locale = await loadLocalePack(storedLanguage());
  return {
    default: ({ children }: { children: ReactNode }) => (
      <ConsoleProviders initialLocale={locale}>{children}</ConsoleProviders>
    ),
  };
});

/** Wraps anything built with the component library; the library loads with the first such screen. */
export function LazyConsole({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner fullscreen />}>
      <Providers>{children}</Providers>
    </Suspense>
  );
}
