import { useState } from "react";
import type { SignUpReason } from "@/components/sign-up-dialog";

export type GeneratorModal =
  | { kind: "signUp"; reason: SignUpReason }
  | { kind: "outOfCredits" }
  | null;

/** Which of the generator's dialogs is open: sign-up / out of credits, progress, custom figure. */
export function useGeneratorDialogs() {
  const [modal, setModal] = useState<GeneratorModal>(null);
  const [progressOpen, setProgressOpen] = useState(false);
  const [customOpen, setCustomOpen] = useState(false);
  return { modal, setModal, progressOpen, setProgressOpen, customOpen, setCustomOpen };
}
export type GeneratorDialogs = ReturnType<typeof useGeneratorDialogs>;
