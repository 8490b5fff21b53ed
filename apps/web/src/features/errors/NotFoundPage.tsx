import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="404"
        // A bare page (no layout): its title is the page's h1.
        title={<h1 className="result-title">{t("notFound.title")}</h1>}
        subTitle={t("notFound.body")}
        extra={
          <Button type="primary" onClick={() => navigate("/")}>
            {t("common.backHome")}
          </Button>
        }
      />
    </main>
  );
}
