import type { AuditAction, AuditEntityType } from "@rupa/shared";
import type { AuditActor, AuditInput } from "../audit/audit.repository";

/** What turning each kind of entity on and off is called in the audit trail. */
const SWITCH_ACTIONS = {
  banned_keyword: ["banned_keyword.activated", "banned_keyword.deactivated"],
  style: ["style.activated", "style.deactivated"],
  custom_profession_config: [
    "custom_profession_config.enabled",
    "custom_profession_config.disabled",
  ],
} as const satisfies Partial<Record<AuditEntityType, readonly [AuditAction, AuditAction]>>;

/**
 * The audit row of an admin turning an entity on or off: its isActive before and after. Written
 * only for a change (an entity already so is answered without one).
 */
export function activeSwitched(
  actor: AuditActor,
  entityType: keyof typeof SWITCH_ACTIONS,
  entityId: string,
  active: boolean,
): AuditInput {
  const [on, off] = SWITCH_ACTIONS[entityType];
  return {
    actor,
    action: active ? on : off,
    entityType,
    entityId,
    before: { isActive: !active },
    after: { isActive: active },
  };
}
