import { API, type DeviceQrItem } from "@washboard/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastError, toastWarning } from "../../app/feedback/toast";
import { downloadQrCards, type QrCard } from "../../app/ui/qr/download";
import { type CommandTarget, deviceLabel, targetBody } from "./command-form";

/** A device's sticker: its shop above the code, the machine (number, name, serial) below. */
export function deviceQrCard(item: DeviceQrItem): QrCard {
  const machine = deviceLabel(item);
  return {
    content: item.content,
    text: {
      shopName: item.shop_name ?? "",
      codeName: item.machine_number ? `${item.machine_number} · ${machine}` : machine,
    },
  };
}

/**
 * Downloads the QR stickers of a target: one device's PNG, or a zip of PNGs for several. The server
 * says what each code carries; the browser paints the cards.
 */
export function useDeviceQrDownload() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const download = async (target: CommandTarget) => {
    setPending(true);
    let items: DeviceQrItem[];
    try {
      ({ items } = await call(API.devices.qrCodes, targetBody(target)));
    } catch (error) {
      toastError(error);
      setPending(false);
      return;
    }
    try {
      await downloadQrCards(items.map(deviceQrCard), `${t("devices.qr.zipName")}.zip`);
    } catch {
      // Drawing or encoding failed in this browser (no canvas, content too long for a QR code).
      toastWarning("devices.qr.failed");
    } finally {
      setPending(false);
    }
  };
  return { pending, download };
}
