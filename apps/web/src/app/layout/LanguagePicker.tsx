import { isLanguageCode, LANGUAGES } from "@washboard/shared";
import { useTranslation } from "react-i18next";
import { changeLanguage } from "../i18n";

/** The twelve languages (spec §1); the choice is kept under the language key. A native select. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-picker">
      <svg className="language-picker-globe" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M2.5 12h19M12 2.5c3 3.2 3 15.8 0 19M12 2.5c-3 3.2-3 15.8 0 19"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      {/* Narrow screens show the language's short own name; the select lies over it, invisible, and opens on a tap. */}
      <span className="language-picker-code" data-testid="language-picker-name" aria-hidden="true">
        {LANGUAGES.find((l) => l.code === i18n.language)?.short ?? i18n.language}
      </span>
      <select
        data-testid="language-picker"
        aria-label={t("layout.language")}
        value={i18n.language}
        onChange={(e) => {
          if (isLanguageCode(e.target.value)) void changeLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
