import { ArrowLeft, Clock, Images, MailCheck, Sparkles } from "lucide-react";
import { lazy, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Glow } from "@/components/glow";
import { OnFirstOpen } from "@/components/on-first-open";
import { Button } from "@/components/ui/button";
import { formatDocumentTitle } from "@/lib/document-title";
import { useI18n, type MessageKey } from "@/lib/i18n";
import { usePageNavigate } from "@/lib/page-navigation";
import { toast } from "@/lib/toast";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/utils";
import { useSession } from "../api/me";
import {
  readAuthMode,
  readConfirmationLink,
  readResetLink,
  safeNextPath,
  type AuthMode,
  type ConfirmationLink,
  type ResetLink,
} from "../validation";
import { CheckInboxPanel } from "./check-inbox";
import { ConfirmationLinkPanel } from "./confirmation-link";
import { ForgotPasswordForm } from "./forgot-password-form";
import { GoogleSection } from "./google-sign-in";
import { ResetPasswordForm } from "./reset-password-form";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

// The Google maintenance dialog loads when it is first opened (docs/decisions/041).
const GoogleMaintenanceDialog = lazy(() =>
  import("./google-maintenance-dialog").then((m) => ({ default: m.GoogleMaintenanceDialog })),
);

type Done = { kind: "signedUp" | "resetSent"; email: string } | null;

type View =
  | "signIn"
  | "signUp"
  | "forgot"
  | "resetSent"
  | "signedUp"
  | "reset"
  | "resetIncomplete"
  | "linkUsed"
  | "linkExpired"
  | "linkInvalid";

const TITLES: Record<View, MessageKey> = {
  signIn: "auth.titles.signIn",
  signUp: "auth.titles.signUp",
  forgot: "auth.titles.forgot",
  resetSent: "auth.titles.resetSent",
  signedUp: "auth.titles.checkInbox",
  reset: "auth.titles.reset",
  resetIncomplete: "auth.reset.incompleteTitle",
  linkUsed: "auth.link.usedTitle",
  linkExpired: "auth.link.expiredTitle",
  linkInvalid: "auth.link.invalidTitle",
};

const LINK_VIEWS = {
  used: "linkUsed",
  expired: "linkExpired",
  invalid: "linkInvalid",
} as const satisfies Record<Exclude<ConfirmationLink["kind"], "none">, View>;

function viewOf(mode: AuthMode, done: Done, reset: ResetLink, link: ConfirmationLink): View {
  if (reset.kind === "ok") return "reset";
  if (reset.kind === "incomplete") return "resetIncomplete";
  if (done) return done.kind;
  if (link.kind !== "none") return LINK_VIEWS[link.kind];
  return mode;
}

/** The title of the view an address opens (`search`: its query, as `?mode=signup`). */
export function authTitleOf(search: string): MessageKey {
  const params = new URLSearchParams(search);
  return TITLES[
    viewOf(
      readAuthMode(params.get("mode")),
      null,
      readResetLink(params),
      readConfirmationLink(params),
    )
  ];
}

/**
 * Dialogs and toasts the server asks for through the address (?google=), shown once the session
 * is known: someone already signed in is just sent on. A confirmation link's ?verified= is read
 * into the page's state (`readConfirmationLink`) and only taken out of the address here.
 */
function useArrivalNotices(
  params: URLSearchParams,
  sessionStatus: "loading" | "visitor" | "user",
  openGoogleDialog: (failed: boolean) => void,
): void {
  const { t } = useI18n();
  const navigate = usePageNavigate();
  const handled = useRef(false);

  useEffect(() => {
    const verified = params.get("verified");
    const google = params.get("google");
    if (handled.current || (verified === null && google === null)) return;
    if (sessionStatus === "loading") return;
    handled.current = true;
    if (sessionStatus === "user") return;
    if (google === "failed")
      toast.error(t("auth.toasts.googleFailed"), { description: t("auth.google.failedBody") });
    if (google !== null) openGoogleDialog(google === "failed");
    // Done once: a reload should not repeat them.
    const rest = new URLSearchParams(params);
    rest.delete("verified");
    rest.delete("email");
    rest.delete("google");
    void navigate(`/auth${rest.size > 0 ? `?${rest.toString()}` : ""}`, {
      replace: true,
      keepScroll: true,
    });
  }, [params, navigate, t, openGoogleDialog, sessionStatus]);
}

function ModeTabs({
  mode,
  onChange,
}: {
  mode: "signIn" | "signUp";
  onChange: (m: AuthMode) => void;
}) {
  const { t } = useI18n();
  const tabs = [
    { id: "signIn", label: t("auth.tabs.signIn") },
    { id: "signUp", label: t("auth.tabs.signUp") },
  ] as const;
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  // In the server's HTML the tabs wait for the page's code (a tap before it would be lost).
  const hydrated = useHydrated();

  const onKeyDown = (event: KeyboardEvent) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next = mode === "signIn" ? "signUp" : "signIn";
    const target = event.key === "Home" ? "signIn" : event.key === "End" ? "signUp" : next;
    onChange(target);
    refs.current[target]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t("auth.tabs.label")}
      className="grid grid-cols-2 gap-1 rounded-full bg-muted p-1"
    >
      {tabs.map((tab) => {
        const selected = tab.id === mode;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`auth-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls="auth-panel"
            tabIndex={selected ? 0 : -1}
            disabled={!hydrated && !selected}
            onClick={() => onChange(tab.id)}
            onKeyDown={onKeyDown}
            className={cn(
              "min-h-11 rounded-full px-4 text-sm font-bold transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
              selected
                ? "bg-card text-primary shadow-soft"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

function BrandPanel() {
  const { t } = useI18n();
  const points = [
    { icon: Sparkles, label: t("auth.brand.pointCredits") },
    { icon: Clock, label: t("auth.brand.pointFast") },
    { icon: Images, label: t("auth.brand.pointGallery") },
  ];
  return (
    <aside className="relative hidden overflow-hidden rounded-[1.75rem] bg-gradient-to-br from-[#24105f] via-primary to-[#7c3aed] p-10 text-white shadow-lift lg:flex lg:min-h-[34rem] lg:flex-col lg:justify-end">
      <Glow className="-top-24 -right-16 size-72 bg-accent/35" />
      <Glow className="-bottom-28 -left-20 size-72 bg-[#9f7aea]/40" />
      <div aria-hidden className="absolute top-10 left-10 flex gap-3">
        {[
          "from-[#ffb38a] to-[#ff7a45]",
          "from-[#c4b5fd] to-[#7c3aed]",
          "from-[#fde68a] to-[#f59e0b]",
        ].map((gradient, index) => (
          <span
            key={gradient}
            className={cn(
              "relative block h-28 w-20 animate-float overflow-hidden rounded-2xl bg-gradient-to-b ring-4 ring-white/15",
              gradient,
              index === 1 && "mt-8 [animation-delay:1.2s]",
              index === 2 && "mt-3 [animation-delay:2.4s]",
            )}
          >
            <span className="absolute inset-x-0 top-[22%] mx-auto block aspect-square w-[42%] rounded-full bg-white/80" />
            <span className="absolute inset-x-0 top-[58%] bottom-0 mx-auto block w-[78%] rounded-t-[45%] bg-white/65" />
          </span>
        ))}
      </div>
      <div className="relative flex flex-col gap-5">
        <h2 className="text-3xl font-black tracking-tight text-balance xl:text-4xl">
          {t("auth.brand.title")}
        </h2>
        <p className="max-w-md text-base text-pretty text-white/85">{t("auth.brand.lead")}</p>
        <ul className="flex flex-col gap-2.5">
          {points.map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center gap-3 text-sm font-medium">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/20">
                <Icon className="size-[1.125rem]" aria-hidden />
              </span>
              {label}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/**
 * /auth: sign in, sign up, forgot password and reset password (docs/product/accounts.md), the
 * Google button and its maintenance dialog. Signed-in visitors go on to /eksplor (or a safe
 * `?next=`).
 *
 * A visitor's first /auth is rendered on the server with this page as an island
 * (docs/decisions/049): it knows no router. `search` is the address's query it opens with
 * (the server renders with `?mode=` alone; the links that need more open in the app).
 */
export function AuthPage({ search }: { search: string }) {
  const { t } = useI18n();
  const session = useSession();
  const navigate = usePageNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const reset = readResetLink(params);
  // Read once: the address loses ?verified= right after (useArrivalNotices).
  const [link, setLink] = useState<ConfirmationLink>(() => readConfirmationLink(params));
  const [mode, setMode] = useState<AuthMode>(() => readAuthMode(params.get("mode")));
  const [email, setEmail] = useState(() =>
    reset.kind !== "none" ? reset.email : link.kind !== "none" ? link.email : "",
  );
  const [done, setDone] = useState<Done>(null);
  const [googleDialog, setGoogleDialog] = useState<"closed" | "open" | "failed">("closed");
  const emailRef = useRef<HTMLInputElement>(null);
  const openGoogleDialog = useCallback(
    (failed = false) => setGoogleDialog(failed ? "failed" : "open"),
    [],
  );
  useArrivalNotices(params, session.status, openGoogleDialog);

  const view = viewOf(mode, done, reset, link);
  const title = t(TITLES[view]);
  // In the server's HTML the buttons wait for the page's code (a tap before it would be lost).
  const hydrated = useHydrated();
  // The route's useSeo names the view the address opens; later views rename the tab here.
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);

  // Moving between the forms puts focus on the new form's e-mail field (not on first load).
  const previousView = useRef(view);
  useEffect(() => {
    if (previousView.current === view) return;
    const fromTabs = previousView.current === "signIn" || previousView.current === "signUp";
    previousView.current = view;
    if (view === "forgot" || (view === "signIn" && !fromTabs)) emailRef.current?.focus();
  }, [view]);

  // Signed in (now, or already): on to `?next=`, read from the address of the moment (the
  // server's page is rendered without it).
  const signedIn = session.status === "user" && reset.kind === "none";
  useEffect(() => {
    if (!signedIn) return;
    const next = new URLSearchParams(window.location.search).get("next");
    void navigate(safeNextPath(next), { replace: true });
  }, [signedIn, navigate]);
  if (signedIn) return null;

  const goTo = (next: AuthMode) => {
    setDone(null);
    setLink({ kind: "none" });
    setMode(next);
  };
  const leaveResetLink = (next: AuthMode) => {
    goTo(next);
    void navigate("/auth", { replace: true });
  };

  const lead =
    view === "reset"
      ? reset.kind === "ok" && reset.email
        ? t("auth.leads.reset", { email: reset.email })
        : t("auth.leads.resetNoEmail")
      : view === "resetIncomplete"
        ? t("auth.reset.incompleteBody")
        : view === "linkUsed"
          ? link.kind !== "none" && link.email
            ? t("auth.link.usedBody", { email: link.email })
            : t("auth.link.usedBodyNoEmail")
          : view === "linkExpired"
            ? t("auth.link.expiredBody")
            : view === "linkInvalid"
              ? t("auth.link.invalidBody")
              : view === "signIn" || view === "signUp" || view === "forgot"
                ? t(`auth.leads.${view}`)
                : null;

  const tabbed = view === "signIn" || view === "signUp";

  return (
    <div className="grid flex-1 grid-cols-[minmax(0,1fr)] items-center gap-8 lg:grid-cols-[minmax(0,1fr)_28rem] lg:gap-14">
      <BrandPanel />
      <section className="mx-auto flex w-full max-w-md flex-col gap-6 rounded-[1.75rem] border bg-card p-5 shadow-soft sm:p-8">
        {tabbed ? <ModeTabs mode={view} onChange={goTo} /> : null}
        {view === "forgot" ? (
          <Button
            variant="ghost"
            size="sm"
            className="-mb-2 self-start"
            onClick={() => goTo("signIn")}
          >
            <ArrowLeft aria-hidden />
            {t("auth.actions.back")}
          </Button>
        ) : null}
        <div
          className="flex flex-col gap-6"
          {...(tabbed
            ? { role: "tabpanel", id: "auth-panel", "aria-labelledby": `auth-tab-${view}` }
            : {})}
        >
          <header className="flex flex-col gap-2">
            <h1 className="text-2xl font-extrabold tracking-tight text-balance sm:text-[1.75rem]">
              {title}
            </h1>
            {lead ? (
              <p className="text-sm text-pretty [overflow-wrap:anywhere] text-muted-foreground">
                {lead}
              </p>
            ) : null}
          </header>

          {tabbed ? <GoogleSection onUnavailable={() => openGoogleDialog()} /> : null}
          {link.kind !== "none" ? (
            <ConfirmationLinkPanel
              link={link}
              email={email}
              onEmailChange={setEmail}
              onSignIn={() => goTo("signIn")}
            />
          ) : null}

          {view === "signIn" ? (
            <SignInForm
              email={email}
              onEmailChange={setEmail}
              onForgot={() => goTo("forgot")}
              emailRef={emailRef}
            />
          ) : null}
          {view === "signUp" ? (
            <SignUpForm
              email={email}
              onEmailChange={setEmail}
              onSignedUp={(address) => setDone({ kind: "signedUp", email: address })}
              onAccountReady={() => goTo("signIn")}
              emailRef={emailRef}
            />
          ) : null}
          {view === "forgot" ? (
            <ForgotPasswordForm
              email={email}
              onEmailChange={setEmail}
              onSent={(address) => setDone({ kind: "resetSent", email: address })}
              emailRef={emailRef}
            />
          ) : null}
          {view === "signedUp" && done ? (
            <CheckInboxPanel email={done.email} onBackToSignIn={() => goTo("signIn")} />
          ) : null}
          {view === "resetSent" && done ? (
            <div className="flex flex-col gap-5" role="status">
              <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
                <MailCheck className="size-7" aria-hidden />
              </span>
              <p className="text-base text-pretty [overflow-wrap:anywhere]">
                {t("auth.forgotSent.body", { email: done.email })}
              </p>
              <p className="text-sm text-muted-foreground">{t("auth.inbox.spam")}</p>
              <Button size="lg" onClick={() => goTo("signIn")}>
                {t("auth.actions.backToSignIn")}
              </Button>
            </div>
          ) : null}
          {view === "reset" && reset.kind === "ok" ? (
            <ResetPasswordForm
              email={reset.email}
              token={reset.token}
              onDone={() => {
                toast.success(t("auth.toasts.passwordUpdatedTitle"), {
                  description: t("auth.toasts.passwordUpdatedBody"),
                });
                setEmail(reset.email);
                leaveResetLink("signIn");
              }}
              onRequestNewLink={() => {
                setEmail(reset.email);
                leaveResetLink("forgot");
              }}
            />
          ) : null}
          {view === "resetIncomplete" ? (
            <Button size="lg" onClick={() => leaveResetLink("forgot")}>
              {t("auth.actions.requestNewLink")}
            </Button>
          ) : null}

          {tabbed ? (
            <p className="text-center text-sm text-muted-foreground">
              {view === "signIn" ? t("auth.actions.noAccount") : t("auth.actions.haveAccount")}{" "}
              <button
                type="button"
                onClick={() => goTo(view === "signIn" ? "signUp" : "signIn")}
                disabled={!hydrated}
                className="rounded font-bold text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
              >
                {view === "signIn" ? t("auth.actions.toSignUp") : t("auth.actions.toSignIn")}
              </button>
            </p>
          ) : null}
        </div>
      </section>

      <OnFirstOpen open={googleDialog !== "closed"}>
        <GoogleMaintenanceDialog
          open={googleDialog !== "closed"}
          failed={googleDialog === "failed"}
          onOpenChange={(open) => setGoogleDialog(open ? "open" : "closed")}
          onUseEmail={() => emailRef.current?.focus()}
        />
      </OnFirstOpen>
    </div>
  );
}
