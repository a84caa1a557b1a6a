import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { absoluteUrl } from "~/modules/api/media-url.server";
import { getCar } from "~/modules/api/operations/catalogue";
import { loadCheckoutCar } from "~/modules/booking/checkout-car.server";
import { paymentChoices } from "~/modules/booking/checkout.server";
import { offeredOnlineMethods } from "~/modules/payment/config.server";
import { scoreOf } from "~/modules/review/review";

const route = apiRoute(
  implement(getCar, async ({ params }) => {
    const [car, online] = await Promise.all([loadCheckoutCar(params.id), offeredOnlineMethods()]);
    if (!car) throw new ApiError(404);
    const { supplierReviews, ...terms } = car;
    return reply(200, {
      ...terms,
      supplierScore: scoreOf(supplierReviews.count, supplierReviews.sum),
      image: absoluteUrl(car.image),
      supplierLogo: absoluteUrl(car.supplierLogo),
      paymentMethods: paymentChoices(car, online),
    });
  }),
);
export const loader = route.loader;
export const action = route.action;
