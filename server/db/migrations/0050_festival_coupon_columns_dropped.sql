ALTER TABLE "festivals" DROP CONSTRAINT "festivals_discount_non_negative";--> statement-breakpoint
ALTER TABLE "festivals" DROP CONSTRAINT "festivals_percentage_at_most_100";--> statement-breakpoint
ALTER TABLE "festivals" DROP CONSTRAINT "festivals_minimum_non_negative";--> statement-breakpoint
ALTER TABLE "festivals" DROP CONSTRAINT "festivals_usage_limit_positive";--> statement-breakpoint
ALTER TABLE "festivals" DROP CONSTRAINT "festivals_used_within_limit";--> statement-breakpoint
ALTER TABLE "festivals" DROP CONSTRAINT "festivals_code_upper";--> statement-breakpoint
DROP INDEX "festivals_code_unique";--> statement-breakpoint
ALTER TABLE "festivals" DROP COLUMN "festival_code";--> statement-breakpoint
ALTER TABLE "festivals" DROP COLUMN "coupon_type";--> statement-breakpoint
ALTER TABLE "festivals" DROP COLUMN "discount_value";--> statement-breakpoint
ALTER TABLE "festivals" DROP COLUMN "max_discount_paise";--> statement-breakpoint
ALTER TABLE "festivals" DROP COLUMN "minimum_order_paise";--> statement-breakpoint
ALTER TABLE "festivals" DROP COLUMN "usage_limit";--> statement-breakpoint
ALTER TABLE "festivals" DROP COLUMN "used_count";