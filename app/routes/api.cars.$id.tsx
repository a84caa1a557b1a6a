import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { getCar } from "~/modules/api/operations/catalogue";
import { loadCheckoutCar } from "~/modules/booking/booking.server";
import { paymentChoices } from "~/modules/booking/checkout.server";

const route = apiRoute(
  implement(getCar, async ({ params }) => {
    const car = await loadCheckoutCar(params.id);
    if (!car) throw new ApiError(404);
    return reply(200, { ...car, paymentMethods: await paymentChoices(car) });
  }),
);
export const loader = route.loader;
export const action = route.action;
