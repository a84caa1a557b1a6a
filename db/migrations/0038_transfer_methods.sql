ALTER TYPE "public"."payment_method" ADD VALUE 'zelle';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'bankTransfer';--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "collects_igtf" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "zelle_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "zelle_email" varchar(254);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "zelle_holder" varchar(120);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bank_transfer_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bank_transfer_bank_code" varchar(4);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bank_transfer_account" varchar(20);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bank_transfer_holder" varchar(120);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bank_transfer_rif" varchar(16);