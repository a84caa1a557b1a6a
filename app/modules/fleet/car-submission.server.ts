import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import { parseForm } from "~/modules/forms/parse-form";
import { readFormWithFiles } from "~/modules/http/form-data.server";
import type { StaffUser } from "~/modules/access/staff.server";
import { carFormSchema } from "./car-form";
import { carFormMessages, imageRefusalMessages } from "./car-limits";
import { carValuesFrom } from "./car-values";
import { forgetReferenceData } from "~/modules/catalogue/reference.server";
import { carInScope } from "./load-car.server";
import { createCar, processCarImage, updateCar } from "./save-car.server";

export type CarSubmission =
  | { status: "saved"; carId: number }
  | { status: "invalid"; result: SubmissionResult<string[]> }
  | { status: "notFound" };

/**
 * Creates (`carId` null) or edits a car from a posted form: validates it with the form's schema,
 * judges the picture by its content, then saves everything in one transaction (save-car.server.ts).
 * Any refusal comes back as the form's errors and changes nothing; one that names bookings is
 * worded here with `t` (the form shows keys, without values).
 */
export async function submitCarForm(
  request: Request,
  user: StaffUser,
  carId: number | null,
  t: TFunction,
): Promise<CarSubmission> {
  // Another supplier's car is missing before anything posted is looked at: no 400 tells it exists.
  if (carId !== null && !(await carInScope(user, carId))) return { status: "notFound" };
  const formData = await readFormWithFiles(request);
  const schema = carFormSchema({ pickSupplier: user.type === "admin", imageRequired: carId === null });
  const submission = parseForm(formData, { schema });
  if (submission.status !== "success") return { status: "invalid", result: submission.reply() };

  const upload = submission.value.image;
  let webp: Buffer | null = null;
  if (upload) {
    const processed = await processCarImage(new Uint8Array(await upload.arrayBuffer()));
    if (!processed.ok)
      return {
        status: "invalid",
        result: submission.reply({ fieldErrors: { image: [imageRefusalMessages[processed.reason]] } }),
      };
    webp = processed.webp;
  }

  const input = { ...carValuesFrom(submission.value), supplierId: submission.value.supplierId };
  let saved;
  if (carId !== null) saved = await updateCar(user, carId, input, webp);
  else if (webp) saved = await createCar(user, input, webp);
  // The schema requires the picture of a new car; this is only its type's word.
  else
    return { status: "invalid", result: submission.reply({ fieldErrors: { image: [carFormMessages.imageRequired] } }) };
  if (saved.ok) {
    // A place is public only while a car can be booked there (docs/domain.md#places): read them again.
    forgetReferenceData();
    return { status: "saved", carId: saved.carId };
  }
  if ("notFound" in saved) return { status: "notFound" };
  if ("heldBy" in saved) {
    // The form passes this sentence through t() again: it holds no ":", which would read as a namespace.
    const message = t(carFormMessages.heldByBookings, {
      count: saved.heldBy.length,
      references: saved.heldBy.join(", "),
    });
    return { status: "invalid", result: submission.reply({ fieldErrors: { availability: [message] } }) };
  }
  return { status: "invalid", result: submission.reply({ fieldErrors: saved.fieldErrors }) };
}
