import { createPublicKey, type KeyObject, randomBytes, randomInt, sign, verify } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Credentials } from "../adapter.js";
import { startFakeServer } from "./fake-server.js";
import { rsaKeyPair } from "./rsa-key-pair.js";

/**
 * A fake Alipay open-API gateway for tests, on 127.0.0.1 (a free port). It holds its own Alipay
 * key pair, checks every request's RSA2 signature as Alipay does (isv.invalid-signature otherwise),
 * keeps what it was asked, and answers in Alipay's format: `{"<method>_response":{…},"sign":"…"}`,
 * signed over the raw `…_response` text — which it writes with escaped slashes ("https:\/\/…")
 * as Alipay does, so an adapter that re-serializes before verifying fails.
 *
 *   const fake = await startAlipayFake(options?: AlipayFakeOptions): Promise<AlipayFake>
 *   fake.baseUrl                       "http://127.0.0.1:<port>/gateway.do" — the gateway itself
 *   fake.credentials                   app_id, private_key, alipay_public_key: a full Credentials for
 *                                      the adapter, keys as bare base64 bodies (as Alipay hands them out)
 *   fake.pem                           the same keys as PEM: { privateKey, alipayPublicKey }
 *   fake.calls: AlipayCall[]           every request received, in order, with `signatureValid`
 *   fake.orders: Map<out_trade_no, AlipayOrder>       trades created by precreate
 *   fake.refunds: Map<out_request_no, AlipayRefund>   refunds, one per out_request_no (idempotent:
 *                                      a repeat answers that refund with fund_change "N", as Alipay does)
 *   fake.refundFundChange              fund_change of new refunds: "Y" (default) or "N"
 *   fake.failNext(failure: AlipayFailure): void       the next request fails that way (queued)
 *   fake.notification(event: AlipayEvent): SignedNotification
 *                                      an asynchronous notification signed as Alipay sends it; a paid
 *                                      one also marks the fake's trade paid (for query)
 *   fake.sign(content: string): string an RSA2 signature with the Alipay key, base64
 *   fake.reset(): void                 forgets calls, orders, refunds, failures; refundFundChange = "Y"
 *   fake.close(): Promise<void>
 *
 * A refund for a trade the fake never created is accepted, as for a trade paid before it started.
 *
 * Currencies as Alipay documents them: a domestic trade is CNY; a cross-border merchant prices in
 * its own currency with `trans_currency` (and `settle_currency`), refunds with `refund_currency`,
 * and amounts are that currency's major units with its decimals (none for JPY, KRW, VND). A trade
 * priced in another currency is refunded in it, and its notifications and queries say so.
 */

export interface AlipayFakeOptions {
  appId?: string;
  /** The app's key pair (PEM); generated when absent. */
  merchant?: { privateKey: string; publicKey: string };
}

export interface AlipayCall {
  /** The API method, e.g. "alipay.trade.refund". */
  method: string;
  /** Every parameter received (query string and form), decoded. */
  params: Record<string, string>;
  /** biz_content, parsed. */
  biz: Record<string, unknown>;
  signatureValid: boolean;
}

export interface AlipayOrder {
  outTradeNo: string;
  tradeNo: string;
  /** In major units of `currency`, as received: "19.99". */
  totalAmount: string;
  /** trans_currency, or CNY for a domestic trade. */
  currency: string;
  subject: string;
  notifyUrl: string | null;
  qrCode: string;
  tradeStatus: "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_FINISHED" | "TRADE_CLOSED";
  /** "yyyy-MM-dd HH:mm:ss" (Asia/Shanghai). */
  sendPayDate: string | null;
  /** From timeout_express, when it was sent: no payment is taken after it (epoch ms). */
  expiresAt: number | null;
}

export interface AlipayRefund {
  outRequestNo: string;
  outTradeNo: string;
  tradeNo: string;
  /** Yuan, as received. */
  refundAmount: string;
  reason: string | null;
  gmtRefundPay: string;
}

export type AlipayFailure =
  /** A gateway HTTP error (e.g. 502) with no JSON; nothing is done. */
  | { kind: "http"; status: number }
  /** A signed business answer, e.g. 40004 ACQ.TRADE_NOT_EXIST or 20000 isp.unknow-error; nothing is done. */
  | { kind: "business"; code: string; msg?: string; subCode: string; subMsg: string }
  /** The request is carried out but the answer's sign does not verify. */
  | { kind: "forged-signature" }
  /** The connection is dropped without an answer; nothing is done. */
  | { kind: "drop" }
  /** The answer comes after `ms` (for timeouts); the request is carried out. */
  | { kind: "delay"; ms: number };

export interface AlipayEvent {
  orderNo: string;
  /** TRADE_SUCCESS when absent. */
  tradeStatus?: "TRADE_SUCCESS" | "TRADE_FINISHED" | "WAIT_BUYER_PAY" | "TRADE_CLOSED";
  /** Fen; the fake's trade total when absent (else 1). */
  amount?: number;
  /** The total_amount text as sent, overriding `amount` (e.g. "0.01"). */
  totalAmount?: string;
  /** The trans_currency it states, overriding the trade's (CNY states none). */
  currency?: string;
  tradeNo?: string;
  notifyId?: string;
  gmtPayment?: Date;
  /** Makes it a refund notification (out_biz_no = refundNo, refund_fee, gmt_refund). */
  refund?: { refundNo: string; amount?: number };
  /** Another app's id (the notification stays correctly signed). */
  appId?: string;
}

export interface SignedNotification {
  /** The exact bytes to post (application/x-www-form-urlencoded). */
  rawBody: Buffer;
  headers: Record<string, string>;
  /** The parameters before encoding. */
  params: Record<string, string>;
}

export interface AlipayFake {
  baseUrl: string;
  credentials: Credentials;
  pem: { privateKey: string; alipayPublicKey: string };
  calls: AlipayCall[];
  orders: Map<string, AlipayOrder>;
  refunds: Map<string, AlipayRefund>;
  refundFundChange: "Y" | "N";
  failNext(failure: AlipayFailure): void;
  notification(event: AlipayEvent): SignedNotification;
  sign(content: string): string;
  reset(): void;
  close(): Promise<void>;
}

const bareBody = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join("");
const pad = (value: number) => String(value).padStart(2, "0");
const shanghaiTime = (date: Date) => {
  const d = new Date(date.getTime() + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};
/** Fen ↔ yuan text, integers only. */
const fenOf = (yuan: string): number | null => {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
};
const yuanOf = (fen: number) => `${Math.floor(fen / 100)}.${pad(fen % 100)}`;
/** Currencies Alipay counts in whole units. */
const ZERO_DECIMALS = new Set(["JPY", "KRW", "VND"]);
/** Whether an amount text has no more decimals than the currency has. */
const fitsCurrency = (text: string, currency: string) =>
  ZERO_DECIMALS.has(currency) ? /^\d+$/.test(text) : /^\d+(\.\d{1,2})?$/.test(text);

/** Alipay's signing content: non-empty params but the excluded ones, sorted by name, k=v joined by &. */
const signingContent = (params: Record<string, string>, excluded: readonly string[]) =>
  Object.keys(params)
    .filter((key) => !excluded.includes(key) && params[key] !== "")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");

const responseKey = (method: string) => `${method.replaceAll(".", "_")}_response`;
const METHODS = new Set(["alipay.trade.precreate", "alipay.trade.refund", "alipay.trade.query", "alipay.trade.close"]);

/** timeout_express: 1m to 15d, as a number and one of m (minutes), h, d, or 1c (until the day ends). */
const TIMEOUT_EXPRESS = /^(\d+)([mhd])$|^1c$/;
const TIMEOUT_UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

type Result = Record<string, unknown>;
const success = (fields: Result): Result => ({ code: "10000", msg: "Success", ...fields });
const businessError = (subCode: string, subMsg: string): Result => ({
  code: "40004",
  msg: "Business Failed",
  sub_code: subCode,
  sub_msg: subMsg,
});

export async function startAlipayFake(options: AlipayFakeOptions = {}): Promise<AlipayFake> {
  const platform = await rsaKeyPair();
  const merchant = options.merchant ?? (await rsaKeyPair());
  const merchantPublic: KeyObject = createPublicKey(merchant.publicKey);
  const credentials: Credentials = {
    app_id: options.appId ?? `2021${digits(12)}`,
    private_key: bareBody(merchant.privateKey),
    alipay_public_key: bareBody(platform.publicKey),
  };
  const failures: AlipayFailure[] = [];
  const state = {
    calls: [] as AlipayCall[],
    orders: new Map<string, AlipayOrder>(),
    refunds: new Map<string, AlipayRefund>(),
  };
  const signWithPlatform = (content: string) =>
    sign("sha256", Buffer.from(content, "utf8"), platform.privateKey).toString("base64");

  /** As Alipay checks a request: app, RSA2, a timestamp near now, the signature over all but `sign`. */
  function requestSigned(params: Record<string, string>): boolean {
    if (params.app_id !== credentials.app_id || params.sign_type !== "RSA2" || !params.sign) return false;
    const timestamp = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(params.timestamp ?? "");
    if (!timestamp) return false;
    const sent = new Date(`${timestamp[1]}T${timestamp[2]}+08:00`).getTime();
    if (!(Math.abs(Date.now() - sent) <= 10 * 60_000)) return false;
    try {
      const content = Buffer.from(signingContent(params, ["sign"]), "utf8");
      return verify("sha256", content, merchantPublic, Buffer.from(params.sign, "base64"));
    } catch {
      return false;
    }
  }

  /** `{"<key>":<inner>,"sign":"…"}` with slashes escaped in the inner text, which is what is signed. */
  function answer(response: ServerResponse, key: string, result: Result, signed: boolean, forged = false): void {
    const inner = JSON.stringify(result).replace(/\//g, "\\/");
    const signature = forged ? signWithPlatform(`${inner} `) : signWithPlatform(inner);
    const body = signed ? `{"${key}":${inner},"sign":"${signature}"}` : `{"${key}":${inner}}`;
    response.writeHead(200, { "content-type": "text/html;charset=utf-8" });
    response.end(body);
  }

  function precreate(biz: Result, params: Record<string, string>): Result {
    const outTradeNo = typeof biz.out_trade_no === "string" ? biz.out_trade_no : "";
    const totalAmount = typeof biz.total_amount === "string" ? biz.total_amount : "";
    const subject = typeof biz.subject === "string" ? biz.subject : "";
    if (!outTradeNo || !totalAmount || !subject) return businessError("ACQ.INVALID_PARAMETER", "参数无效");
    const currency = typeof biz.trans_currency === "string" ? biz.trans_currency : "CNY";
    if (currency !== "CNY" && biz.settle_currency !== currency) {
      return businessError("ACQ.INVALID_PARAMETER", "settle_currency 参数无效");
    }
    const fen = fenOf(totalAmount);
    if (fen === null || fen <= 0 || !fitsCurrency(totalAmount, currency)) {
      return businessError("ACQ.INVALID_PARAMETER", "total_amount 参数无效");
    }
    const timeout = typeof biz.timeout_express === "string" ? TIMEOUT_EXPRESS.exec(biz.timeout_express) : null;
    if (biz.timeout_express !== undefined && (!timeout || (timeout[1] !== undefined && Number(timeout[1]) < 1))) {
      return businessError("ACQ.INVALID_PARAMETER", "timeout_express 参数无效");
    }
    const existing = state.orders.get(outTradeNo);
    if (existing && existing.tradeStatus !== "WAIT_BUYER_PAY") {
      return businessError("ACQ.TRADE_HAS_SUCCESS", "交易已被支付");
    }
    const order: AlipayOrder = existing ?? {
      outTradeNo,
      tradeNo: `2024${digits(24)}`,
      totalAmount,
      currency,
      subject,
      notifyUrl: params.notify_url ?? null,
      qrCode: `https://qr.alipay.com/bax0${randomBytes(10).toString("hex")}`,
      tradeStatus: "WAIT_BUYER_PAY",
      sendPayDate: null,
      expiresAt:
        timeout?.[1] !== undefined && timeout[2] !== undefined
          ? Date.now() + Number(timeout[1]) * (TIMEOUT_UNIT_MS[timeout[2]] ?? 0)
          : null,
    };
    state.orders.set(outTradeNo, order);
    return success({ out_trade_no: outTradeNo, qr_code: order.qrCode });
  }

  const refundedFen = (outTradeNo: string) =>
    [...state.refunds.values()]
      .filter((r) => r.outTradeNo === outTradeNo)
      .reduce((sum, r) => sum + (fenOf(r.refundAmount) ?? 0), 0);

  const refundAnswer = (refund: AlipayRefund, fundChange: "Y" | "N") =>
    success({
      trade_no: refund.tradeNo,
      out_trade_no: refund.outTradeNo,
      buyer_logon_id: "159****5620",
      fund_change: fundChange,
      refund_fee: yuanOf(refundedFen(refund.outTradeNo)),
      gmt_refund_pay: refund.gmtRefundPay,
      buyer_user_id: "2088101117955611",
    });

  /** Idempotent on out_request_no: a repeat answers the same refund, fund_change "N". */
  function tradeRefund(biz: Result): Result {
    const outTradeNo = typeof biz.out_trade_no === "string" ? biz.out_trade_no : "";
    const outRequestNo = typeof biz.out_request_no === "string" ? biz.out_request_no : "";
    const refundAmount = typeof biz.refund_amount === "string" ? biz.refund_amount : "";
    const known = state.refunds.get(outRequestNo);
    if (known && known.outTradeNo === outTradeNo) return refundAnswer(known, "N");
    if (!outTradeNo || !outRequestNo) return businessError("ACQ.INVALID_PARAMETER", "参数无效");
    const fen = fenOf(refundAmount);
    if (fen === null || fen <= 0) return businessError("ACQ.INVALID_PARAMETER", "refund_amount 参数无效");
    const order = state.orders.get(outTradeNo);
    // A trade priced in another currency is refunded in it, saying so.
    const currency = order?.currency ?? "CNY";
    if (currency !== "CNY" && biz.refund_currency !== currency) {
      return businessError("ACQ.INVALID_PARAMETER", "refund_currency 参数无效");
    }
    if (!fitsCurrency(refundAmount, currency)) return businessError("ACQ.INVALID_PARAMETER", "refund_amount 参数无效");
    if (order?.tradeStatus === "WAIT_BUYER_PAY" || order?.tradeStatus === "TRADE_CLOSED") {
      return businessError("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
    }
    if (order && refundedFen(outTradeNo) + fen > (fenOf(order.totalAmount) ?? 0)) {
      return businessError("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额超限");
    }
    const refund: AlipayRefund = {
      outRequestNo,
      outTradeNo,
      tradeNo: order?.tradeNo ?? (typeof biz.trade_no === "string" ? biz.trade_no : `2024${digits(24)}`),
      refundAmount,
      reason: typeof biz.refund_reason === "string" ? biz.refund_reason : null,
      gmtRefundPay: shanghaiTime(new Date()),
    };
    state.refunds.set(outRequestNo, refund);
    return refundAnswer(refund, fake.refundFundChange);
  }

  function tradeQuery(biz: Result): Result {
    const order = state.orders.get(typeof biz.out_trade_no === "string" ? biz.out_trade_no : "");
    if (!order) return businessError("ACQ.TRADE_NOT_EXIST", "交易不存在");
    return success({
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      buyer_logon_id: "159****5620",
      trade_status: order.tradeStatus,
      total_amount: order.totalAmount,
      ...(order.currency !== "CNY" ? { trans_currency: order.currency, settle_currency: order.currency } : {}),
      ...(order.sendPayDate ? { send_pay_date: order.sendPayDate, receipt_amount: order.totalAmount } : {}),
    });
  }

  /** A trade waiting for its buyer closes; a paid or closed one cannot (ACQ.TRADE_STATUS_ERROR). */
  function tradeClose(biz: Result): Result {
    const order = state.orders.get(typeof biz.out_trade_no === "string" ? biz.out_trade_no : "");
    if (!order) return businessError("ACQ.TRADE_NOT_EXIST", "交易不存在");
    if (order.tradeStatus !== "WAIT_BUYER_PAY") return businessError("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
    order.tradeStatus = "TRADE_CLOSED";
    return success({ trade_no: order.tradeNo, out_trade_no: order.outTradeNo });
  }

  function carryOut(method: string, biz: Result, params: Record<string, string>): Result {
    if (method === "alipay.trade.precreate") return precreate(biz, params);
    if (method === "alipay.trade.close") return tradeClose(biz);
    if (method === "alipay.trade.refund") return tradeRefund(biz);
    return tradeQuery(biz);
  }

  async function handle(request: IncomingMessage, body: string, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const [key, value] of new URLSearchParams(body)) params[key] = value;
    const method = params.method ?? "";
    let biz: Result = {};
    try {
      const parsed: unknown = JSON.parse(params.biz_content ?? "{}");
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) biz = parsed as Result;
    } catch {
      // An unreadable biz_content is answered below as an invalid parameter.
    }
    const signatureValid = request.method === "POST" && url.pathname === "/gateway.do" && requestSigned(params);
    state.calls.push({ method, params, biz, signatureValid });

    if (!METHODS.has(method)) {
      const result = {
        code: "40002",
        msg: "Invalid Arguments",
        sub_code: "isv.invalid-method",
        sub_msg: "不存在的方法名",
      };
      return answer(response, "error_response", result, false);
    }
    // Alipay does not sign its answer to a request it could not authenticate.
    if (!signatureValid) {
      const result = {
        code: "40002",
        msg: "Invalid Arguments",
        sub_code: "isv.invalid-signature",
        sub_msg: "验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配",
      };
      return answer(response, responseKey(method), result, false);
    }
    const failure = failures.shift();
    if (failure?.kind === "drop") {
      response.socket?.destroy();
      return;
    }
    if (failure?.kind === "http") {
      response.writeHead(failure.status, { "content-type": "text/html" }).end("<html>Bad Gateway</html>");
      return;
    }
    if (failure?.kind === "business") {
      const result = {
        code: failure.code,
        msg: failure.msg ?? (failure.code === "20000" ? "Service Currently Unavailable" : "Business Failed"),
        sub_code: failure.subCode,
        sub_msg: failure.subMsg,
      };
      return answer(response, responseKey(method), result, true);
    }
    const result = carryOut(method, biz, params);
    if (failure?.kind === "delay") await new Promise((resolve) => setTimeout(resolve, failure.ms));
    answer(response, responseKey(method), result, true, failure?.kind === "forged-signature");
  }

  function notification(event: AlipayEvent): SignedNotification {
    const order = state.orders.get(event.orderNo);
    const status = event.tradeStatus ?? "TRADE_SUCCESS";
    const paid = status === "TRADE_SUCCESS" || status === "TRADE_FINISHED";
    const totalAmount = event.totalAmount ?? (event.amount !== undefined ? yuanOf(event.amount) : order?.totalAmount);
    const total = totalAmount ?? "0.01";
    const currency = event.currency ?? order?.currency ?? "CNY";
    const tradeNo = event.tradeNo ?? order?.tradeNo ?? `2024${digits(24)}`;
    const now = new Date();
    const gmtPayment = shanghaiTime(event.gmtPayment ?? now);
    // Alipay takes no payment for a closed trade, nor after its timeout_express.
    if (
      order &&
      paid &&
      !event.refund &&
      (order.tradeStatus === "TRADE_CLOSED" || (order.expiresAt ?? Infinity) <= now.getTime())
    ) {
      throw new Error(`alipay fake: trade ${event.orderNo} is closed or expired and takes no payment`);
    }
    if (order && paid && !event.refund) {
      order.tradeStatus = status;
      order.sendPayDate = gmtPayment;
    }
    const params: Record<string, string> = {
      notify_time: shanghaiTime(now),
      notify_type: "trade_status_sync",
      notify_id: event.notifyId ?? `2024${randomBytes(16).toString("hex")}`,
      app_id: event.appId ?? credentials.app_id ?? "",
      charset: "utf-8",
      version: "1.0",
      trade_no: tradeNo,
      out_trade_no: event.orderNo,
      buyer_id: "2088102122524333",
      buyer_logon_id: "159****5620",
      seller_id: "2088101106499364",
      trade_status: status,
      total_amount: total,
      ...(currency !== "CNY" ? { trans_currency: currency, settle_currency: currency } : {}),
      subject: order?.subject ?? "洗衣 · 标准程序",
      gmt_create: shanghaiTime(now),
      ...(paid
        ? {
            receipt_amount: total,
            buyer_pay_amount: total,
            gmt_payment: gmtPayment,
            fund_bill_list: JSON.stringify([{ amount: total, fundChannel: "ALIPAYACCOUNT" }]),
          }
        : {}),
      ...(event.refund
        ? {
            out_biz_no: event.refund.refundNo,
            refund_fee: yuanOf(event.refund.amount ?? fenOf(total) ?? 1),
            gmt_refund: `${shanghaiTime(now)}.000`,
          }
        : {}),
    };
    params.sign = signWithPlatform(signingContent(params, ["sign", "sign_type"]));
    params.sign_type = "RSA2";
    return {
      rawBody: Buffer.from(new URLSearchParams(params).toString(), "utf8"),
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
      params,
    };
  }

  const server = await startFakeServer(handle);

  const fake: AlipayFake = {
    baseUrl: `${server.baseUrl}/gateway.do`,
    credentials,
    pem: { privateKey: merchant.privateKey, alipayPublicKey: platform.publicKey },
    calls: state.calls,
    orders: state.orders,
    refunds: state.refunds,
    refundFundChange: "Y",
    failNext: (failure) => void failures.push(failure),
    notification,
    sign: signWithPlatform,
    reset() {
      state.calls.length = 0;
      state.orders.clear();
      state.refunds.clear();
      failures.length = 0;
      fake.refundFundChange = "Y";
    },
    close: server.close,
  };
  return fake;
}
