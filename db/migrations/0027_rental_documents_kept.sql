ALTER TABLE "rentals" ADD COLUMN "agreement_pdf" "bytea";--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "final_receipt_pdf" "bytea";