import {
  EXPORT_MIME,
  exportCell,
  exportFileName,
  localDate,
  nowSeconds,
  ORDER_COLUMNS,
  type OrderSource,
  type orderExportRequest,
  orderScreenTitleKey,
} from "@washboard/shared";
import type { z } from "zod";
import { tableFile } from "../../platform/export/table-file.js";
import type { TenantScope } from "../../platform/http/context.js";
import type { FileAnswer } from "../../platform/http/download.js";
import type { AppDeps } from "../../platform/module.js";
import { scopedVendor, vendorTableFormat } from "../tenancy/public.js";
import { orderBatches } from "./list.js";

/**
 * An order screen's export, written by the server while it downloads: the screen's columns in the
 * reader's language, money and times as the vendor shows them (in Excel, amounts as numbers a
 * finance user can add up), every order the filter matches. The server holds one batch of orders at
 * a time, whatever the file's length, and the browser saves the file as it arrives instead of
 * paging through the list.
 */
export async function exportOrders(
  { db, reader }: Pick<AppDeps, "db" | "reader">,
  scope: TenantScope,
  source: OrderSource,
  input: z.output<typeof orderExportRequest>,
): Promise<FileAnswer> {
  const vendor = await scopedVendor(db, scope);
  const format = vendorTableFormat(vendor, input.language);
  const { t } = format;
  const title = t(orderScreenTitleKey(source));
  const { format: fileFormat, language, ...filters } = input;
  async function* rows() {
    for await (const batch of orderBatches(reader, scope, source, filters)) {
      yield batch.map((order) =>
        ORDER_COLUMNS.map((column) => exportCell(column.text(order, format), column.cell?.(order), format)),
      );
    }
  }
  return {
    filename: exportFileName(title, localDate(nowSeconds(), vendor.timeZone), fileFormat),
    contentType: EXPORT_MIME[fileFormat],
    body: tableFile(fileFormat, { title, headers: ORDER_COLUMNS.map((c) => t(c.titleKey)), lang: language }, rows()),
  };
}
