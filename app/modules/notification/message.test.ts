import { describe, expect, it } from "vitest";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { notificationMessage } from "./message";

describe("notificationMessage", () => {
  it("words the message in the reader's language, a status with its label", () => {
    const item = {
      messageKey: "notifications:messages.statusChanged",
      params: { reference: "RD-ABC123", status: "cancelled" },
    };
    expect(notificationMessage(getFixedT("en"), item)).toBe("Booking RD-ABC123 is now: Cancelled.");
    expect(notificationMessage(getFixedT("fr"), item)).toBe("La réservation RD-ABC123 est maintenant\u202f: Annulée.");
  });
});
