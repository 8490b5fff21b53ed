import { useInfiniteQuery } from "@tanstack/react-query";
import { API, formatTimestamp, type NoticeItem } from "@washboard/shared";
import { Button, Collapse, Empty, Spin, Switch, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { useActiveVendorId } from "../../app/session/store";
import { useTimeZone } from "../../app/session/useTimeZone";
import { newlyOpenedUnread } from "./opened";
import "./notices.css";

const PAGE_SIZE = 20;

function NoticeLabel({ notice, timeZone }: { notice: NoticeItem; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <div className={`notice-label${notice.read ? "" : " notice-label-unread"}`} data-testid="notice-label">
      <span className="notice-label-title">{notice.title}</span>
      <Tag color={notice.read ? "default" : "blue"} data-testid="notice-state">
        {t(notice.read ? "notices.read" : "notices.unread")}
      </Tag>
      <span className="notice-label-date">{formatTimestamp(notice.published_at, timeZone)}</span>
    </div>
  );
}

/**
 * /notice/index (spec §2 "a notice list"): the platform's notices to this account's audience, newest
 * first, read or unread for this account. Opening a notice marks it read; "mark all as read" marks
 * every one. Either refetches the list and the header's unread badge (one domain: changes.ts).
 */
export default function NoticesPage() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const vendorId = useActiveVendorId();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [open, setOpen] = useState<string[]>([]);
  const filters = unreadOnly ? { unread: true } : {};
  const notices = useInfiniteQuery({
    queryKey: queryKeys.call(API.notices.list, vendorId, filters),
    queryFn: ({ pageParam }) =>
      call(API.notices.list, { ...filters, page_size: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const markRead = useCallMutation(API.notices.markRead);
  const items = notices.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = items.some((item) => !item.read);

  const onOpen = (keys: string | string[]) => {
    const next = Array.isArray(keys) ? keys : [keys];
    const ids = newlyOpenedUnread(open, next, items);
    setOpen(next);
    if (ids.length > 0) markRead.mutate({ ids });
  };

  return (
    <div data-testid="notices-page">
      <div className="notice-toolbar">
        <span>
          <Switch
            size="small"
            checked={unreadOnly}
            onChange={setUnreadOnly}
            aria-label={t("notices.unreadOnly")}
            data-testid="notices-unread-only"
            style={{ marginInlineEnd: 8 }}
          />
          {t("notices.unreadOnly")}
        </span>
        <Button
          onClick={() => markRead.mutate({ all: true })}
          loading={markRead.isPending && markRead.variables?.all === true}
          disabled={!anyUnread}
          data-testid="notices-mark-all"
        >
          {t("notices.markAllRead")}
        </Button>
      </div>
      {notices.isPending ? (
        <div style={{ textAlign: "center", padding: 48 }}>
          <Spin data-testid="notices-loading" />
        </div>
      ) : items.length === 0 ? (
        <Empty description={t(unreadOnly ? "notices.emptyUnread" : "notices.empty")} data-testid="notices-empty" />
      ) : (
        <>
          <Collapse
            activeKey={open}
            onChange={onOpen}
            data-testid="notices-list"
            items={items.map((notice) => ({
              key: String(notice.id),
              label: <NoticeLabel notice={notice} timeZone={timeZone} />,
              children: <p className="notice-body">{notice.body}</p>,
            }))}
          />
          {notices.hasNextPage && (
            <div style={{ textAlign: "center", marginTop: 12 }}>
              <Button
                onClick={() => void notices.fetchNextPage()}
                loading={notices.isFetchingNextPage}
                data-testid="notices-more"
              >
                {t("notices.loadMore")}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
