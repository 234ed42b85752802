import { useSession } from "@/features/auth/api/me";
import type { Viewer } from "@/features/catalogue/lib/viewer";
import { useGuestTrial } from "@/lib/guest-trial";

/**
 * The catalogue's viewer from the session: a signed-in user with their balance, or a visitor
 * with their free try (which opens the guest session on the server).
 */
export function useViewer(): Viewer {
  const session = useSession();
  const trial = useGuestTrial(session.status === "visitor");
  if (session.status === "loading") return { kind: "loading" };
  if (session.status === "user") {
    const { credits } = session.user;
    return { kind: "user", credits: credits.balance, watermarkedOnly: credits.watermarkedOnly };
  }
  if (!trial.data) return { kind: "visitor", trial: "loading" };
  return { kind: "visitor", trial: trial.data.canGenerate ? "available" : "used" };
}
