import { BellOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { API } from "@washboard/shared";
import { Badge, Button, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { call } from "../api/client";
import { queryKeys } from "../api/query-keys";
import { useActiveVendorId } from "../session/store";

/** The notice list's route (packages/shared/src/access/routes.ts). */
export const NOTICES_PATH = "/notice/index";
/** New notices show within this long without a reload (marking read refreshes at once: changes.ts). */
const UNREAD_REFRESH_MS = 5 * 60_000;

/**
 * The header's bell (spec §2 "a notice list"): the signed-in account's unread notices as a badge,
 * opening the notice list. The count is a query of the notices domain, so marking notices read
 * refetches it.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const vendorId = useActiveVendorId();
  const unread = useQuery({
    queryKey: queryKeys.call(API.notices.unreadCount, vendorId),
    queryFn: () => call(API.notices.unreadCount),
    refetchInterval: UNREAD_REFRESH_MS,
  });
  const count = unread.data?.count ?? 0;
  return (
    <Tooltip title={t("layout.notices")}>
      <Button
        type="text"
        // The badge's figure is part of the name (WCAG 2.5.3: a visible text is in the accessible name).
        aria-label={count > 0 ? `${t("layout.notices")} ${count > 99 ? "99+" : count}` : t("layout.notices")}
        data-testid="notice-bell"
        onClick={() => navigate(NOTICES_PATH)}
        icon={
          <Badge count={count} size="small" overflowCount={99} data-testid="notice-badge">
            <BellOutlined />
          </Badge>
        }
      />
    </Tooltip>
  );
}
