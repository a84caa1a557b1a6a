import { afterAll, beforeAll, describe } from "vitest";
import type { OpenApiDocument } from "~/modules/api/openapi";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { contractSuite, fetchDocument, type Preparers } from "../api/contract";

type Fixture = Awaited<ReturnType<typeof signedInUser>>;

const api = createApiClient({ ip: "198.51.100.10" });
let document: OpenApiDocument;

beforeAll(async () => {
  document = await fetchDocument(api);
});

afterAll(async () => {
  await closeDb();
});

const prepare: Preparers<Fixture> = {
  signInFrontend: ({ user, password }) => ({ init: { json: { email: user.email, password } } }),
};

describe("contract: session and account calls", () => {
  contractSuite({ api, document: () => document, tags: ["Session"], fixture: () => signedInUser(), tokenOf: (f) => f.token, prepare });
});
