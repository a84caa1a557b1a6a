import { startTronGridFake } from "./trongrid";

const port = Number(process.env.TRONGRID_FAKE_PORT ?? 4020);
const fake = await startTronGridFake(port);
console.log(`TronGrid fake listening on ${fake.url}`);
process.once("SIGTERM", () => void fake.close().then(() => process.exit(0)));
process.once("SIGINT", () => void fake.close().then(() => process.exit(0)));
