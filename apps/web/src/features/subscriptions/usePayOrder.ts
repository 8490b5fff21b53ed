import { API } from "@washboard/shared";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useCallMutation } from "../../app/api/useCallMutation";
import { toastError, toastSuccess } from "../../app/feedback/toast";
import { receiptPath } from "./links";

/**
 * Paying a renewal order with PayPal: the server makes PayPal's order and answers where the operator
 * approves it, and the browser goes there (PayPal sends it back to My orders). An order PayPal has
 * already captured answers paid: the notice, and its receipt.
 */
export function usePayOrder(options: { onPaid?: () => void } = {}) {
  const navigate = useNavigate();
  // Set once the browser is on its way to PayPal: the button stays busy until the page goes.
  const [redirecting, setRedirecting] = useState(false);
  const mutation = useCallMutation(API.subscriptions.payWithPayPal, {
    toBody: (orderId: number) => ({ id: orderId }),
    onSuccess: (result, orderId: number) => {
      if (result.state === "paid") {
        toastSuccess("subscriptions.paidNotice");
        options.onPaid?.();
        navigate(receiptPath(orderId));
      } else if (result.approval_url) {
        setRedirecting(true);
        window.location.href = result.approval_url;
      } else {
        // Neither paid nor a link to approve at: nothing the operator can do here but try again.
        toastError(undefined);
      }
    },
  });
  return {
    pay: (orderId: number) => mutation.mutate(orderId),
    /** The order being paid, while its payment starts. */
    payingId: mutation.isPending || redirecting ? (mutation.variables ?? null) : null,
    redirecting,
  };
}
