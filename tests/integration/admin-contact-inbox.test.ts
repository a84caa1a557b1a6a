import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setHandled, listContactMessages } from "~/modules/contact/inbox.server";
import { getDb, schema } from "~/utils/db.server";
import { admin, adminUsersHooks } from "./fixtures/admin-users";

/* The contact inbox against the real database (docs/domain.md#contact-inbox). */
const { auditLog, contactMessages } = schema;

adminUsersHooks();

describe("contact inbox", () => {
  async function message(subject: string, createdAt: Date) {
    const db = await getDb();
    const [row] = await db
      .insert(contactMessages)
      .values({ email: "visitor@example.com", subject, message: "Hello", language: "es", createdAt })
      .returning({ id: contactMessages.id });
    return row.id;
  }

  it("lists newest first, marks handled by whom, and undoes it, each audited", async () => {
    const db = await getDb();
    const older = await message("Older", new Date("2026-11-20T10:00:00Z"));
    await message("Newer", new Date("2026-11-21T10:00:00Z"));
    expect((await listContactMessages({ filter: null, page: 1 }, "en")).items.map((m) => m.subject)).toEqual([
      "Newer",
      "Older",
    ]);

    expect(await setHandled(admin, older, true)).toBe("changed");
    expect(await setHandled(admin, older, true)).toBe("unchanged");
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, older));
    expect(row.handledBy).toBe(admin.id);
    expect(row.handledAt).toBeInstanceOf(Date);
    const handled = await listContactMessages({ filter: "handled", page: 1 }, "en");
    expect(handled.items).toMatchObject([{ subject: "Older", handledBy: "Ada Admin" }]);
    expect(handled.unhandled).toBe(1);
    expect((await listContactMessages({ filter: "unhandled", page: 1 }, "en")).items.map((m) => m.subject)).toEqual([
      "Newer",
    ]);

    expect(await setHandled(admin, older, false)).toBe("changed");
    const [undone] = await db.select().from(contactMessages).where(eq(contactMessages.id, older));
    expect(undone).toMatchObject({ handledAt: null, handledBy: null });
    const audits = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "contact"), eq(auditLog.subjectId, older)));
    expect(audits.map((a) => a.action)).toEqual(["contact.handle", "contact.unhandle"]);
  });

  it("answers notFound for a message that does not exist", async () => {
    expect(await setHandled(admin, 999_999, true)).toBe("notFound");
  });
});
