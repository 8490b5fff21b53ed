import { CheckOutlined, CopyOutlined } from "@ant-design/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Text with a button that copies it, saying so for two seconds. What the library's copyable text
 * does, without its editable-text code, which the first screen after sign-in need not load.
 */
export function CopyableText({
  text,
  shown,
}: {
  text: string /** A shorter form to show (a hash's start); the whole on hover. */;
  shown?: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <span className="copyable-text" title={shown === undefined ? undefined : text}>
      {shown ?? text}
      <button
        type="button"
        className="copyable-text-button"
        aria-label={copied ? t("common.copied") : t("common.copy")}
        title={copied ? t("common.copied") : t("common.copy")}
        onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
      >
        {copied ? <CheckOutlined /> : <CopyOutlined />}
      </button>
    </span>
  );
}
