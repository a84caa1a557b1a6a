import { closeDb, getHandle } from "./client";

const handle = await getHandle();
console.log(`Migrations applied (${handle.kind}).`);
await closeDb();
