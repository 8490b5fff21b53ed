import { Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import "./apidoc.css";

/**
 * /open/tools/apidoc: the OpenAPI document rendered by Swagger UI, loaded only on this page. Swagger
 * UI brings the page's main landmark (the operations) and its h1 (the API's title); this page adds
 * a banner above them.
 */
export default function ApiDocPage() {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let cancelled = false;
    void Promise.all([
      import("swagger-ui-dist/swagger-ui-es-bundle.js"),
      import("swagger-ui-dist/swagger-ui.css"),
    ]).then(([module]) => {
      if (cancelled || !container.current) return;
      const SwaggerUIBundle = module.default;
      SwaggerUIBundle({
        domNode: container.current,
        url: "/api/openapi.json",
        deepLinking: false,
        tryItOutEnabled: false,
      });
      setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <div className="apidoc-page">
      <header className="apidoc-banner">
        <Link to="/">Washboard</Link> · {t("apidoc.title")}
      </header>
      {loading && <Spin tip={t("apidoc.loading")} />}
      <div ref={container} data-testid="apidoc" />
    </div>
  );
}
