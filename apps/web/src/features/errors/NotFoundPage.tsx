import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="error-page">
      <Result
        status="404"
        title={t("notFound.title")}
        subTitle={t("notFound.body")}
        extra={
          <Button type="primary" onClick={() => navigate("/")}>
            {t("common.backHome")}
          </Button>
        }
      />
    </div>
  );
}
