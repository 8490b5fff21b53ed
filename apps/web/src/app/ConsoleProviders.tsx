import { QueryClientProvider } from "@tanstack/react-query";
import { isLanguageCode } from "@washboard/shared";
import { App as AntApp, ConfigProvider } from "antd";
import type { Locale } from "antd/es/locale";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryClient } from "./api/query-client";
import { loadLocalePack } from "./i18n/locale-packs";
import { onSignOut } from "./session/sign-out";
import { useSettings } from "./session/store";
import { consoleTheme } from "./theme/console-theme";
// The library rules no single component owns (motion, resets); each component brings its own (vite.config.ts).
import "virtual:antd-css/base.css";

/**
 * What every Ant Design screen needs: the component library's theme and locale (switching with the
 * language), and the query client. Loaded with the first such screen, so sign-in stays light.
 */
export function ConsoleProviders({ initialLocale, children }: { initialLocale: Locale; children: ReactNode }) {
  const { i18n } = useTranslation();
  const settings = useSettings();
  const [locale, setLocale] = useState<Locale>(initialLocale);
  useEffect(() => {
    const onChange = (lang: string) => {
      if (isLanguageCode(lang)) void loadLocalePack(lang).then(setLocale);
    };
    i18n.on("languageChanged", onChange);
    return () => i18n.off("languageChanged", onChange);
  }, [i18n]);
  useEffect(() => onSignOut(() => queryClient.clear()), []);

  return (
    <ConfigProvider
      locale={locale}
      theme={consoleTheme(settings.themeColor)}
      // Buttons show their label exactly as translated (no space inserted between two CJK characters).
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
