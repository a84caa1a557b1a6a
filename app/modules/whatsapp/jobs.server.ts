import { provideHandlers } from "~/utils/jobs.server";
import { deliverWhatsapp } from "./deliver.server";

/**
 * WhatsApp's job (docs/architecture.md#layers): it reads the message row and the driver's consent
 * and may write the fallback email, so its handler lives with the module and each process entry
 * provides it to the job runner.
 */
export function provideWhatsappJobs() {
  provideHandlers({
    "send-whatsapp": async ({ key }) => {
      await deliverWhatsapp(key);
    },
  });
}
