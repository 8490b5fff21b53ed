import type { KeyObject } from "node:crypto";
import { fromProviderAmount, merchantModelOf, ProviderAmountError, toProviderDecimal } from "@washboard/shared";
import { WebhookRefused } from "../../../platform/http/webhook.js";
import {
  type CloseOutcome,
  type CloseRequest,
  type Credentials,
  type NotificationRequest,
  type OrderQueryAnswer,
  type PaymentRequest,
  type PaymentStart,
  type ProviderAdapter,
  type ProviderCall,
  ProviderError,
  type ProviderNotice,
  type RefundOutcome,
  type RefundRequest,
} from "./adapter.js";
import { shanghaiTimestamp } from "./china-time.js";
import { requiredCredential } from "./credentials.js";
import { fetchAnswer, type HttpRequest, isRetryable, textOf } from "./http.js";
import { isRecord, type Json, text } from "./json.js";
import { privateKeyCredential, publicKeyCredential, rsaSign, rsaSignatureValid } from "./keys.js";

/**
 * The Alipay open API (gateway.do, RSA2 public-key mode): QR payments (alipay.trade.precreate),
 * refunds, trade queries and the asynchronous payment notifications. Requests are signed with the
 * app's private key; answers and notifications are verified with the Alipay public key. A domestic
 * merchant's trades are CNY; a cross-border merchant prices in its own currency (`trans_currency`,
 * `settle_currency`, `refund_currency`), in which its amounts are then stated.
 */

/** China keeps UTC+8 all year: Alipay's local times convert with a fixed offset. */
const SUBJECT_MAX_CHARS = 256;
const REASON_MAX_CHARS = 256;
const PAID_STATUSES = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);

type Params = Record<string, string>;

const clip = (value: string, max: number) => Array.from(value).slice(0, max).join("");

// ---------------------------------------------------------------------------------------------
// Amounts: decimal strings in the currency's major unit ("19.99" yuan, "50.00" baht, "500" yen),
// converted by the one conversion of provider-money.ts.

/** Our minor units as Alipay's text; throws for anything but a positive amount Alipay can carry. */
export function alipayAmount(amount: number, currency: string): string {
  try {
    const text = toProviderDecimal("alipay", currency, amount);
    if (amount <= 0) throw new ProviderAmountError("not positive");
    return text;
  } catch (error) {
    if (!(error instanceof ProviderAmountError)) throw error;
    throw new ProviderError(
      `alipay amount must be a positive amount of ${currency}, got ${amount}: ${error.message}`,
      false,
    );
  }
}

/** Alipay's text back in our minor units; null for anything that is no amount of ours (signs, exponents, fractions). */
export function ourAmount(text: string, currency: string): number | null {
  return fromProviderAmount("alipay", currency, text);
}

/**
 * A cross-border merchant prices in its own currency: `trans_currency` says which, `settle_currency`
 * that it is paid out in it. A domestic merchant's trades are CNY and say nothing.
 */
function currencyFields(currency: string, field: "trans_currency" | "refund_currency"): Params {
  const model = merchantModelOf("alipay", currency);
  if (model === null) throw new ProviderError(`alipay does not take ${currency}`, false);
  if (model === "domestic") return {};
  return field === "trans_currency"
    ? { trans_currency: currency, settle_currency: currency }
    : { refund_currency: currency };
}

// ---------------------------------------------------------------------------------------------
// Times: "yyyy-MM-dd HH:mm:ss" in Asia/Shanghai (UTC+8 all year).

function shanghaiDate(value: string | null | undefined): Date | null {
  const match = value ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value) : null;
  if (!match) return null;
  const date = new Date(`${match[1]}T${match[2]}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ---------------------------------------------------------------------------------------------
// Keys and signatures.

const credential = (credentials: Credentials, name: string) => requiredCredential("alipay", credentials, name);
const appKey = (credentials: Credentials) => privateKeyCredential("alipay", credentials, "private_key");
/** The Alipay public key, or null when it is missing or unreadable. */
const alipayKey = (credentials: Credentials) => publicKeyCredential(credentials, "alipay_public_key");

/** RSA2 over the UTF-8 bytes of the signing content. */
const signatureValid = (key: KeyObject, content: string, signature: string) =>
  rsaSignatureValid(key, Buffer.from(content, "utf8"), signature);

/** Alipay's signing content: non-empty params but the excluded ones, sorted by name, `k=v` joined by `&`, raw. */
function signingContent(params: Params, excluded: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !excluded.includes(key) && params[key] !== "")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");
}

// ---------------------------------------------------------------------------------------------
// The raw text of the answer's `…_response` value: Alipay signs those exact characters, which
// re-serializing would not reproduce (escaped slashes, key order, number formats).

/** The end (exclusive) of the JSON string starting at `start` (a quote). */
function stringEnd(raw: string, start: number): number {
  for (let i = start + 1; i < raw.length; i++) {
    if (raw[i] === "\\") i++;
    else if (raw[i] === '"') return i + 1;
  }
  return -1;
}

/** The end (exclusive) of the JSON value starting at `start`. */
function valueEnd(raw: string, start: number): number {
  const first = raw[start];
  if (first === '"') return stringEnd(raw, start);
  if (first !== "{" && first !== "[") {
    const stop = raw.slice(start).search(/[,}\]\s]/);
    return stop === -1 ? raw.length : start + stop;
  }
  let depth = 0;
  for (let i = start; i < raw.length; i++) {
    const char = raw[i];
    if (char === '"') {
      i = stringEnd(raw, i) - 1;
      if (i < 0) return -1;
    } else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The raw text of each top-level member of a JSON object (which must be valid JSON already). */
function topLevelMembers(raw: string): Map<string, string> {
  const members = new Map<string, string>();
  const skip = (i: number) => {
    while (i < raw.length && /\s/.test(raw[i] ?? "")) i++;
    return i;
  };
  let i = skip(0);
  if (raw[i] !== "{") return members;
  i = skip(i + 1);
  while (raw[i] === '"') {
    const keyEnd = stringEnd(raw, i);
    if (keyEnd < 0) break;
    const key = JSON.parse(raw.slice(i, keyEnd)) as string;
    i = skip(keyEnd);
    if (raw[i] !== ":") break;
    const start = skip(i + 1);
    const end = valueEnd(raw, start);
    if (end < 0) break;
    members.set(key, raw.slice(start, end));
    i = skip(end);
    if (raw[i] !== ",") break;
    i = skip(i + 1);
  }
  return members;
}

// ---------------------------------------------------------------------------------------------
// Calls.

type Answer =
  | { ok: true; body: Json }
  | { ok: false; code: string; subCode: string | null; message: string; retryable: boolean };

/**
 * Calls one API method and reads its verified answer. Network failures, timeouts and 5xx throw a
 * retryable ProviderError; an answer must carry a valid Alipay signature over the raw
 * `…_response` text, except an unsigned business error (Alipay does not sign its answer to a
 * request it could not authenticate), which only ever makes us give up.
 */
async function invoke(call: ProviderCall, method: string, biz: Json, notifyUrl?: string): Promise<Answer> {
  const { credentials } = call;
  const params: Params = {
    app_id: credential(credentials, "app_id"),
    method,
    format: "JSON",
    charset: "utf-8",
    sign_type: "RSA2",
    timestamp: shanghaiTimestamp(new Date()),
    version: "1.0",
    ...(notifyUrl ? { notify_url: notifyUrl } : {}),
    biz_content: JSON.stringify(biz),
  };
  params.sign = rsaSign(appKey(credentials), Buffer.from(signingContent(params, ["sign"]), "utf8"));

  const request: HttpRequest = {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded;charset=utf-8", Accept: "application/json" },
    body: new URLSearchParams(params).toString(),
  };
  const answer = await fetchAnswer(call, call.baseUrl, request, "alipay unreachable");
  if (answer.status >= 300)
    throw new ProviderError(`alipay answered HTTP ${answer.status}`, isRetryable(answer.status));
  return readAnswer(credentials, method, textOf(answer));
}

function readAnswer(credentials: Credentials, method: string, raw: string): Answer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ProviderError("alipay answered something other than JSON", false);
  }
  const members = topLevelMembers(raw);
  const responseKey = `${method.replaceAll(".", "_")}_response`;
  const key = members.has(responseKey) ? responseKey : "error_response";
  const content = members.get(key);
  const body = isRecord(parsed) ? parsed[key] : undefined;
  if (content === undefined || !isRecord(body)) throw new ProviderError(`alipay answer lacks ${responseKey}`, false);

  const signature = isRecord(parsed) ? text(parsed, "sign") : null;
  const code = text(body, "code") ?? "";
  if (signature || code === "10000") {
    const publicKey = alipayKey(credentials);
    if (!signature || !publicKey || !signatureValid(publicKey, content, signature)) {
      throw new ProviderError("alipay answer has no valid Alipay signature", false);
    }
  }
  if (code === "10000") return { ok: true, body };
  const subCode = text(body, "sub_code");
  return {
    ok: false,
    code,
    subCode,
    message: text(body, "sub_msg") ?? text(body, "msg") ?? `alipay answered code ${code}`,
    // 20000 is "service unavailable"; ACQ.SYSTEM_ERROR asks to call again with the same parameters.
    retryable: code === "20000" || (subCode?.endsWith("SYSTEM_ERROR") ?? false),
  };
}

function failure(answer: Answer & { ok: false }, what: string): ProviderError {
  return new ProviderError(
    `alipay ${what} refused: ${answer.code} ${answer.subCode ?? ""} ${answer.message}`.replace(/\s+/g, " "),
    answer.retryable,
  );
}

// ---------------------------------------------------------------------------------------------
// Operations.

async function startPayment(call: ProviderCall, request: PaymentRequest): Promise<PaymentStart> {
  const answer = await invoke(
    call,
    "alipay.trade.precreate",
    {
      out_trade_no: request.orderNo,
      total_amount: alipayAmount(request.amount, request.currency),
      ...currencyFields(request.currency, "trans_currency"),
      subject: clip(request.description, SUBJECT_MAX_CHARS),
      timeout_express: timeoutExpress(request.expiresAt),
    },
    request.notifyUrl,
  );
  if (!answer.ok) throw failure(answer, "payment");
  const qrCode = text(answer.body, "qr_code");
  if (!qrCode) throw new ProviderError("alipay answered a payment without qr_code", false);
  return { kind: "qr", content: qrCode, providerRef: null };
}

/**
 * Alipay's relative expiry ("5m"), counted from when it creates the trade: whole minutes, at least
 * one, rounded down so the trade never outlives the machine's hold.
 */
function timeoutExpress(expiresAt: Date): string {
  return `${Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 60_000))}m`;
}

/**
 * alipay.trade.close. A trade no customer scanned does not exist at Alipay yet (precreate creates
 * it on the scan): nothing can pay it, which is what closing wants. One already paid cannot close.
 */
async function close(call: ProviderCall, request: CloseRequest): Promise<CloseOutcome> {
  const answer = await invoke(call, "alipay.trade.close", { out_trade_no: request.orderNo });
  if (answer.ok || answer.subCode === "ACQ.TRADE_NOT_EXIST") return "closed";
  if (answer.subCode === "ACQ.TRADE_STATUS_ERROR") {
    // Closed already, or paid: the trade's own state tells which.
    return (await query(call, request.orderNo)).paid ? "paid" : "closed";
  }
  throw failure(answer, "close");
}

async function refund(call: ProviderCall, request: RefundRequest): Promise<RefundOutcome> {
  const answer = await invoke(call, "alipay.trade.refund", {
    out_trade_no: request.orderNo,
    ...(request.tradeNo ? { trade_no: request.tradeNo } : {}),
    refund_amount: alipayAmount(request.amount, request.currency),
    ...currencyFields(request.currency, "refund_currency"),
    out_request_no: request.refundNo,
    ...(request.reason ? { refund_reason: clip(request.reason, REASON_MAX_CHARS) } : {}),
  });
  if (!answer.ok) {
    if (answer.retryable) throw failure(answer, "refund");
    return { state: "failed", reason: answer.message };
  }
  const refundId = `${text(answer.body, "trade_no") ?? request.tradeNo ?? request.orderNo}:${request.refundNo}`;
  // fund_change "N": no money moved on this call — a repeat of a refund already made, or one Alipay
  // is still doing; the refund query or a later notification tells which.
  return text(answer.body, "fund_change") === "Y"
    ? { state: "succeeded", refundId }
    : { state: "processing", refundId };
}

async function query(call: ProviderCall, orderNo: string): Promise<OrderQueryAnswer> {
  const answer = await invoke(call, "alipay.trade.query", { out_trade_no: orderNo });
  if (!answer.ok) {
    // A trade Alipay never saw (the buyer never scanned) was never paid.
    if (answer.subCode === "ACQ.TRADE_NOT_EXIST") {
      return { paid: false, tradeNo: null, amount: null, currency: null, paidAt: null };
    }
    throw failure(answer, "query");
  }
  const totalAmount = text(answer.body, "total_amount");
  // A trade priced in another currency says so; a domestic trade is CNY.
  const currency = text(answer.body, "trans_currency") ?? "CNY";
  return {
    paid: PAID_STATUSES.has(text(answer.body, "trade_status") ?? ""),
    tradeNo: text(answer.body, "trade_no"),
    amount: totalAmount === null ? null : ourAmount(totalAmount, currency),
    currency,
    paidAt: shanghaiDate(text(answer.body, "send_pay_date")),
  };
}

// ---------------------------------------------------------------------------------------------
// Notifications.

/** The form's parameters, URL-decoded (as UTF-8: we ask for charset=utf-8); a repeated name is refused. */
function formParams(rawBody: Buffer): Params {
  const params: Params = {};
  for (const [key, value] of new URLSearchParams(rawBody.toString("utf8"))) {
    if (key in params) throw new WebhookRefused(`alipay notification repeats ${key}`);
    params[key] = value;
  }
  return params;
}

function checkSignature(params: Params, credentials: Credentials): void {
  const signature = params.sign;
  if (!signature) throw new WebhookRefused("alipay notification is unsigned");
  if (params.sign_type !== undefined && params.sign_type !== "RSA2") {
    throw new WebhookRefused(`alipay notification sign_type ${params.sign_type} is not RSA2`);
  }
  const key = alipayKey(credentials);
  if (!key) throw new WebhookRefused("alipay alipay_public_key is missing or unreadable");
  if (!signatureValid(key, signingContent(params, ["sign", "sign_type"]), signature)) {
    throw new WebhookRefused("alipay notification signature is invalid");
  }
  // A genuine notification for another app of the same Alipay key must not move this vendor's orders.
  if (params.app_id !== credentials.app_id?.trim()) throw new WebhookRefused("alipay notification is for another app");
}

/** The notification's amount in our minor units: null for one finer than our unit (no order's). */
function amountOf(params: Params, name: string, currency: string): number | null {
  const value = params[name] ?? "";
  if (!/^\d{1,15}(\.\d+)?$/.test(value)) throw new WebhookRefused(`alipay notification ${name} is unreadable`);
  return ourAmount(value, currency);
}

async function verifyNotification(request: NotificationRequest): Promise<ProviderNotice> {
  const params = formParams(request.rawBody);
  checkSignature(params, request.call.credentials);
  const eventId = params.notify_id;
  const orderNo = params.out_trade_no;
  if (!eventId || !orderNo) throw new WebhookRefused("alipay notification lacks notify_id or out_trade_no");
  const tradeNo = params.trade_no || null;

  // A refund is notified on the trade's own notify_url, marked by out_biz_no (the refund's
  // out_request_no) and refund_fee; its trade_status says nothing of the payment (a full refund
  // closes the trade), so it must not read as an unpaid order.
  if (params.out_biz_no && (params.refund_fee || params.gmt_refund)) {
    return {
      kind: "refund",
      eventId,
      refundNo: params.out_biz_no,
      succeeded: true,
      refundId: `${tradeNo ?? orderNo}:${params.out_biz_no}`,
      reason: null,
    };
  }
  // A trade priced in another currency says which (`trans_currency`); a domestic one is CNY.
  const currency = params.trans_currency || "CNY";
  return {
    kind: "payment",
    eventId,
    orderNo,
    paid: PAID_STATUSES.has(params.trade_status ?? ""),
    tradeNo,
    transactionId: tradeNo,
    amount: amountOf(params, "total_amount", currency),
    currency,
    paidAt: shanghaiDate(params.gmt_payment),
  };
}

export const alipay: ProviderAdapter = {
  id: "alipay",
  defaultBaseUrl: "https://openapi.alipay.com/gateway.do",
  startPayment,
  close,
  refund,
  query,
  verifyNotification,
  // Anything but the exact text "success" makes Alipay resend (up to 8 times over 25 hours).
  notificationAck: { status: 200, contentType: "text/plain", body: "success" },
};
