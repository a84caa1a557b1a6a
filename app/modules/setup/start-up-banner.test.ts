import { describe, expect, it } from "vitest";
import { startUpBanner } from "./start-up-banner.server";

const setting = { port: 3000, redis: false, processes: 1, decisions: ["demo data: on"], demoData: true };

describe("the start-up banner", () => {
  it("says where it serves, on what, the decisions and the demo logins", () => {
    const lines = startUpBanner({ kind: "pglite", seeded: true, admin: "exists" }, setting);
    expect(lines[0]).toBe("Rueda is serving http://localhost:3000 (pglite, in-process jobs)");
    expect(lines).toContain("demo data: on");
    expect(lines).toContain("Demo data was loaded into the empty database.");
    expect(lines.some((line) => line.startsWith("Demo logins (password: "))).toBe(true);
  });

  it("shows no demo logins without demo data, and says how to create the first admin", () => {
    const lines = startUpBanner(
      { kind: "postgres", seeded: false, admin: "missing" },
      { ...setting, redis: true, processes: 2, demoData: false },
    );
    expect(lines[0]).toBe("Rueda is serving http://localhost:3000 (postgres + Redis, 2 processes)");
    expect(lines.join("\n")).not.toContain("Demo logins");
    expect(lines.join("\n")).toContain("npm run admin:create");
  });
});
