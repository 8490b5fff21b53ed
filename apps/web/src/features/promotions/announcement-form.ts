import {
  type AnnouncementItem,
  announcementCreateRequest,
  type PopupAnimation,
  type PopupSkin,
} from "@washboard/shared";
import type { z } from "zod";
import { defaultPeriod, type PeriodValue, periodIssueOf, periodSeconds } from "./promotion-form";
import { zonedDayjs } from "./zoned-time";

/** The server's rules of an announcement's fields (title, text, button text, skin, animation). */
export const announcementFieldRules = announcementCreateRequest.shape;

/** The dialog's form: the period as wall-clock times of the vendor's zone. */
export interface AnnouncementForm {
  title: string;
  body: string;
  button_text: string;
  skin: PopupSkin;
  animation: PopupAnimation;
  period: PeriodValue;
  shop_ids: number[];
}

/** A new announcement: light grey, a smooth zoom, every shop, from today for a month. */
export function toAnnouncementForm(item: AnnouncementItem | null, timeZone: string): AnnouncementForm {
  if (!item) {
    return {
      title: "",
      body: "",
      button_text: "",
      skin: "grey_white",
      animation: "zoom",
      period: defaultPeriod(timeZone),
      shop_ids: [],
    };
  }
  return {
    title: item.title,
    body: item.body,
    button_text: item.button_text,
    skin: item.skin,
    animation: item.animation,
    period: [zonedDayjs(item.starts_at, timeZone), zonedDayjs(item.ends_at, timeZone)],
    shop_ids: item.shop_ids,
  };
}

/** The create call's payload from a validated form (a missing end is -1, which the server refuses). */
export function toAnnouncementBody(
  form: AnnouncementForm,
  timeZone: string,
): z.input<typeof announcementCreateRequest> {
  return {
    title: form.title,
    body: form.body,
    button_text: form.button_text ?? "",
    skin: form.skin,
    animation: form.animation,
    ...periodSeconds(form.period, timeZone),
    shop_ids: form.shop_ids ?? [],
  };
}

/** The period rule of an announcement: the server's, run on the period alone. */
export function announcementPeriodIssue(period: PeriodValue, timeZone: string): string | undefined {
  const rest = { title: "-", body: "-", skin: "grey_white", animation: "fade" };
  return periodIssueOf(announcementCreateRequest, rest, period, timeZone);
}
