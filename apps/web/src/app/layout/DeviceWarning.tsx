import { API, LIST_PAGE_SIZE } from "@washboard/shared";
import { App } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { call } from "../api/client";

/**
 * The renewal screen with the expiring and expired machines chosen (`?devices=1,2,3`): their ids
 * are read when the operator asks to renew. Without them (the lists failed) the screen opens as it
 * is: the warning never stands in the way.
 */
async function renewalPath(counts: { warning_count: number; overdue_count: number }): Promise<string> {
  const idsIn = async (state: "expiring" | "expired", count: number) =>
    count > 0
      ? (await call(API.subscriptions.devices, { state, page_size: LIST_PAGE_SIZE.max })).items.map((d) => d.device_id)
      : [];
  try {
    const ids = [...(await idsIn("expiring", counts.warning_count)), ...(await idsIn("expired", counts.overdue_count))];
    return ids.length > 0 ? `/subscribe/subscribe?devices=${ids.join(",")}` : "/subscribe/subscribe";
  } catch {
    return "/subscribe/subscribe";
  }
}

/** Where the tab remembers the sign-in it warned (the token's tail: a session of its own each sign-in). */
const WARNED_KEY = "washboard.subscriptionWarning";
const sessionMark = (token: string) => token.slice(-16);

function warnedThisSession(token: string): boolean {
  try {
    return sessionStorage.getItem(WARNED_KEY) === sessionMark(token);
  } catch {
    return false;
  }
}

function rememberWarned(token: string): void {
  try {
    sessionStorage.setItem(WARNED_KEY, sessionMark(token));
  } catch {
    // Storage blocked: the warning may show again at the next page load, nothing worse.
  }
}

/**
 * Spec §2: on layout load for levels 3/4, fetch the device status counts; when any device is
 * expiring or expired, say how many and offer the renewal page, those machines chosen. Once per
 * sign-in in a tab: coming back from PayPal, or reloading, does not ask again.
 */
export function useDeviceStatusWarning(level: number, token: string) {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = useRef(false);
  // The call is made once per sign-in; the warning it brings uses what is current when it answers.
  // (The router's navigate changes with every page: as a dependency it would cancel the answer of a
  // user who moved on before it came.)
  const current = useRef({ modal, t, navigate });
  current.current = { modal, t, navigate };
  useEffect(() => {
    if ((level !== 3 && level !== 4) || shown.current || warnedThisSession(token)) return;
    shown.current = true;
    let cancelled = false;
    call(API.devices.statusCounts)
      .then((counts) => {
        if (cancelled || (counts.overdue_count <= 0 && counts.warning_count <= 0)) return;
        rememberWarned(token);
        const { modal, t } = current.current;
        modal.confirm({
          title: t("deviceWarning.title"),
          // One line each: the catalogues' sentences carry no closing punctuation of their own.
          content: (
            <div className="device-warning-lines">
              {[
                counts.warning_count > 0 ? t("deviceWarning.expiring", { count: counts.warning_count }) : "",
                counts.overdue_count > 0 ? t("deviceWarning.expired", { count: counts.overdue_count }) : "",
                t("deviceWarning.prompt"),
              ]
                .filter(Boolean)
                .map((line) => (
                  <p key={line}>{line}</p>
                ))}
            </div>
          ),
          okText: t("deviceWarning.renew"),
          cancelText: t("deviceWarning.later"),
          // The dialog waits (its button busy) while the machines are read, then closes.
          onOk: async () => {
            const path = await renewalPath(counts);
            current.current.navigate(path);
          },
        });
      })
      .catch(() => {
        // The warning is advisory; a failure here must not block the console.
      });
    return () => {
      cancelled = true;
    };
  }, [level, token]);
}
