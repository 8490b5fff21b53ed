import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

export default function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t("noPermission.title")}
      subTitle={t("noPermission.body")}
      extra={
        <Button type="primary" onClick={() => navigate("/")}>
          {t("common.backHome")}
        </Button>
      }
    />
  );
}
