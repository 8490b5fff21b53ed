import { App } from "antd";
import { useTranslation } from "react-i18next";

/** Confirmation before destructive or irreversible actions; resolves true when confirmed. */
export function useConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return (options: { title: string; content?: string; danger?: boolean }) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: options.title,
        content: options.content,
        okText: t("common.confirm"),
        cancelText: t("common.cancel"),
        okButtonProps: { danger: options.danger ?? false },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
