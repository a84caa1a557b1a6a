CREATE TABLE "images" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_key_is_sha256_hex" CHECK ("images"."key" ~ '^[0-9a-f]{64}$')
);
