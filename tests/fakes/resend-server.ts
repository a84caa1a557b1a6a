import { startResendFake } from "./resend";

const port = Number(process.env.RESEND_FAKE_PORT ?? 4010);
const fake = await startResendFake(port);
console.log(`Resend fake listening on ${fake.url}`);
process.once("SIGTERM", () => void fake.close().then(() => process.exit(0)));
process.once("SIGINT", () => void fake.close().then(() => process.exit(0)));
