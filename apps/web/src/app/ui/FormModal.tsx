import type { FormInstance, ModalProps } from "antd";
import { useTranslation } from "react-i18next";
import { AppModal } from "./AppModal";

/** The one dialog around a form: OK submits it (Save), Cancel closes, OK spins while saving. */
export function FormModal({ form, saving, ...props }: ModalProps & { form: FormInstance; saving: boolean }) {
  const { t } = useTranslation();
  return (
    <AppModal
      onOk={() => form.submit()}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      {...props}
    />
  );
}
