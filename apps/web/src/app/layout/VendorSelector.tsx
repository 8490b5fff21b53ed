import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { queryClient } from "../api/query-client";
import { toastError } from "../feedback/toast";
import { selectVendor } from "../session/boot";
import type { SessionUser } from "../session/store";

const ALL = 0;

/** Spec §2: levels 6/7 with a vendor list choose the active vendor (and so its currency). */
export function VendorSelector({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  if (user.vendorList.length === 0) return null;
  return (
    <Select
      className="vendor-selector"
      data-testid="vendor-selector"
      aria-label={t("layout.activeVendor")}
      value={user.activeVendorId ?? ALL}
      popupMatchSelectWidth={false}
      options={[
        { value: ALL, label: user.accountInfo?.group?.name ?? t("menu.group") },
        ...user.vendorList.map((v) => ({ value: v.vendor_id, label: `${v.name} · ${v.currency}` })),
      ]}
      onChange={async (value: number) => {
        try {
          await selectVendor(value === ALL ? null : value);
          await queryClient.invalidateQueries();
        } catch (error) {
          toastError(error);
        }
      }}
    />
  );
}
