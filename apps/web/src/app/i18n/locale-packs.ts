import type { LanguageCode } from "@washboard/shared";
import type { Locale } from "antd/es/locale";
import dayjs from "dayjs";

/** Ant Design and dayjs locales for each interface language, loaded on demand. */
const PACKS: Record<
  LanguageCode,
  { antd: () => Promise<{ default: Locale }>; dayjs: () => Promise<unknown>; dayjsName: string }
> = {
  "zh-cn": {
    antd: () => import("antd/es/locale/zh_CN"),
    dayjs: () => import("dayjs/locale/zh-cn"),
    dayjsName: "zh-cn",
  },
  "zh-tw": {
    antd: () => import("antd/es/locale/zh_TW"),
    dayjs: () => import("dayjs/locale/zh-tw"),
    dayjsName: "zh-tw",
  },
  en: { antd: () => import("antd/es/locale/en_US"), dayjs: async () => undefined, dayjsName: "en" },
  "th-th": { antd: () => import("antd/es/locale/th_TH"), dayjs: () => import("dayjs/locale/th"), dayjsName: "th" },
  "vi-vn": { antd: () => import("antd/es/locale/vi_VN"), dayjs: () => import("dayjs/locale/vi"), dayjsName: "vi" },
  "ja-jp": { antd: () => import("antd/es/locale/ja_JP"), dayjs: () => import("dayjs/locale/ja"), dayjsName: "ja" },
  id: { antd: () => import("antd/es/locale/id_ID"), dayjs: () => import("dayjs/locale/id"), dayjsName: "id" },
  es: { antd: () => import("antd/es/locale/es_ES"), dayjs: () => import("dayjs/locale/es"), dayjsName: "es" },
  de: { antd: () => import("antd/es/locale/de_DE"), dayjs: () => import("dayjs/locale/de"), dayjsName: "de" },
  fr: { antd: () => import("antd/es/locale/fr_FR"), dayjs: () => import("dayjs/locale/fr"), dayjsName: "fr" },
  "pt-pt": { antd: () => import("antd/es/locale/pt_PT"), dayjs: () => import("dayjs/locale/pt"), dayjsName: "pt" },
  it: { antd: () => import("antd/es/locale/it_IT"), dayjs: () => import("dayjs/locale/it"), dayjsName: "it" },
};

export async function loadLocalePack(lang: LanguageCode): Promise<Locale> {
  const pack = PACKS[lang];
  const [antdLocale] = await Promise.all([pack.antd(), pack.dayjs()]);
  dayjs.locale(pack.dayjsName);
  return antdLocale.default;
}
