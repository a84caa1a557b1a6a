ALTER TABLE "suppliers" ADD COLUMN "whatsapp" varchar(15);--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "counter_es" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "counter_en" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "counter_fr" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "counter_el" varchar(500) DEFAULT '' NOT NULL;