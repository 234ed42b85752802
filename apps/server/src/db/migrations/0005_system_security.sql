ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "security_events" DROP CONSTRAINT "security_events_type_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK (entity_type IN ('user', 'style', 'style_preview_pair', 'upload', 'setting', 'ai_config', 'banned_keyword', 'referral', 'custom_profession_config', 'feedback', 'system'));--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_type_check" CHECK (type IN ('sign_in', 'sign_in_failed', 'sign_up', 'sign_out', 'password_reset_requested', 'password_reset', 'rate_limited', 'role_changed', 'credits_changed', 'account_deleted', 'suspicious_activity', 'api_abuse', 'admin_action'));--> statement-breakpoint
-- The API limit was stored (default 100 an hour) but never enforced; it is now (ADR 018), and
-- 100 an hour is a screen or two of this app: a database still holding the old default moves
-- to the new one. An admin's own value is kept.
UPDATE "app_settings" SET "value" = '3000', "updated_at" = now() WHERE "key" = 'rate_limit_api_per_hour' AND "value" = '100';
