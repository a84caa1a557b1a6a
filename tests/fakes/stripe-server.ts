import { startStripeFake } from "./stripe";

const port = Number(process.env.STRIPE_FAKE_PORT ?? 12111);
const fake = await startStripeFake(port, {
  webhookSecret: process.env.STRIPE_FAKE_WEBHOOK_SECRET ?? "whsec_test_fake",
  webhookUrl: process.env.STRIPE_FAKE_WEBHOOK_URL,
});
console.log(`Stripe fake listening on ${fake.url}`);
process.once("SIGTERM", () => void fake.close().then(() => process.exit(0)));
process.once("SIGINT", () => void fake.close().then(() => process.exit(0)));
