-- docs/security.md#unproven-addresses: an address nobody has proven holds no session and no API
-- token. Accounts that got one before that rule (sign-up or a visitor's checkout signed them in)
-- lose it here, once; their activation link still works and signs them in afresh.
DELETE FROM "sessions" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE NOT "activated");
--> statement-breakpoint
DELETE FROM "api_tokens" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE NOT "activated");
