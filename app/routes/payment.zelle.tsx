import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PaymentErrorBoundary } from "~/components/payment/payment-error";
import { TransferPage } from "~/components/payment/transfer-page";
import { privatePageMeta } from "~/modules/http/meta";
import { transferAction, transferLoader } from "~/modules/payment/transfer-route.server";

export const meta = privatePageMeta;

/** docs/domain.md#transfers: the page is shared with the other transfer method's. */
export const loader = (args: LoaderFunctionArgs) => transferLoader("zelle", args);
export const action = (args: ActionFunctionArgs) => transferAction("zelle", args);

export default TransferPage;

export { PaymentErrorBoundary as ErrorBoundary };
